// The invitation form's zod schema, loaded only through dynamic import (lazyZodResolver): zod
// stays off the referrals screen's first download.
export { referralSchema } from '@kreyolcash/domain';
