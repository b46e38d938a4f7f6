// The settings forms' zod schemas and the phone comparison, loaded only through dynamic import
// (lazyZodResolver, lazyZodSchema): zod and the phone parser stay off the settings screen's first
// download.
export { isSamePhone, phoneChangeSchema, profileUpdateSchema, verifyCodeSchema } from '@kreyolcash/domain';
