import { REGISTRATION_STEP_FIELDS } from '@kreyolcash/domain';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import type { SignUpRequest } from '../api/sign-up';
import type { registrationSchema } from './registration-form-schema';

// The wizard's form (spec §3 field names) with the browser's File for the photos; its schema is
// in registration-form-schema.ts, loaded in the background.
export type RegistrationValues = z.input<typeof registrationSchema>;
export type RegistrationData = z.output<typeof registrationSchema>;
export type RegistrationField = keyof RegistrationValues;

export const STEP_COUNT = REGISTRATION_STEP_FIELDS.length;

// The photos and the gender start unset.
export const emptyRegistration: DefaultValues<RegistrationValues> = {
  fullName: '',
  document: '',
  email: '',
  phone: '',
  birthDate: '',
  password: '',
  confirmPassword: '',
};

/** The step (0-based) whose screen holds the field. */
export function stepOfField(field: RegistrationField): number {
  return REGISTRATION_STEP_FIELDS.findIndex((fields) => (fields as readonly string[]).includes(field));
}

// The API's names (POST /api/auth/signup) of the form's fields, to place the server's field errors.
const API_FIELDS: Record<string, RegistrationField> = {
  nome_completo: 'fullName',
  documento: 'document',
  document_photo: 'documentPhoto',
  email: 'email',
  telefone: 'phone',
  data_nascimento: 'birthDate',
  sexo: 'gender',
  profile_photo: 'profilePhoto',
  password: 'password',
};

// A conflict says which unique value is taken, without a field list.
const CONFLICT_FIELDS: Record<string, RegistrationField> = {
  nif_already_exists: 'document',
  email_already_exists: 'email',
  phone_already_exists: 'phone',
};

/** The form fields a sign-up failure points at, with the key to show under each. */
export function fieldErrorsOfSignUp(
  code: string,
  fields: Record<string, string> | undefined,
): [RegistrationField, string][] {
  const placed: [RegistrationField, string][] = [];
  for (const [apiField, key] of Object.entries(fields ?? {})) {
    const field = API_FIELDS[apiField];
    if (field) placed.push([field, key]);
  }
  const conflict = CONFLICT_FIELDS[code];
  if (conflict) placed.push([conflict, code]);
  return placed;
}

export function toSignUpRequest(data: RegistrationData): SignUpRequest {
  return {
    nome_completo: data.fullName,
    documento: data.document,
    email: data.email,
    telefone: data.phone,
    data_nascimento: data.birthDate,
    sexo: data.gender,
    password: data.password,
    document_photo: data.documentPhoto,
    profile_photo: data.profilePhoto,
  };
}
