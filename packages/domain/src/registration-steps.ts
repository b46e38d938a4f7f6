import type { RegistrationForm } from './schemas/signup.ts';

// Which fields each of the 9 steps of the registration wizard validates before Continue (spec §2).
// Apart from the schema (schemas/signup.ts) so that the wizard can draw its steps without zod.
export const REGISTRATION_STEP_FIELDS = [
  ['fullName'],
  ['document'],
  ['documentPhoto'],
  ['email', 'phone'],
  ['birthDate'],
  ['gender'],
  ['profilePhoto'],
  ['password'],
  ['confirmPassword'],
] as const satisfies readonly (readonly (keyof RegistrationForm)[])[];
