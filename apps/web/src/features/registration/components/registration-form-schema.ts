import { createRegistrationFormSchema } from '@kreyolcash/domain';

// The wizard's schema, loaded only through dynamic import (lazyZodResolver): zod stays off the
// sign-up screen's first download.
export const registrationSchema = createRegistrationFormSchema<File>();
