// The auth screens' zod schemas, loaded only through dynamic import (lazyZodResolver): zod stays
// off the first download of these screens.
export { emailOnlySchema, loginSchema, resetPasswordFormSchema } from '@kreyolcash/domain';
