// The settings forms' zod schemas, loaded only through dynamic import (lazyZodResolver): zod stays
// off the settings screen's first download.
export { phoneChangeSchema, profileUpdateSchema, verifyCodeSchema } from '@kreyolcash/domain';
