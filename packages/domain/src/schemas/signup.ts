import { z } from 'zod';
import { REFERRAL_CODE_MAX_LENGTH } from '../constants.ts';
import { type ImageFileLike, imageProblemOf, isImageFileLike } from '../images.ts';
import { REFERRAL_CODE_PATTERN } from '../referral-code.ts';
import { GENDERS } from '../statuses.ts';
import { confirmPasswordField, passwordsMatch } from './auth.ts';
import {
  birthDateField,
  emailField,
  errorKey,
  localeField,
  newPasswordField,
  nifField,
  optionalField,
  phoneField,
  requiredOr,
  requiredText,
} from './fields.ts';

const genderField = z.enum(GENDERS, requiredOr('gender_required', 'gender_invalid'));

const referralCodeField = z
  .string(errorKey('referral_code_invalid'))
  .trim()
  .max(REFERRAL_CODE_MAX_LENGTH, errorKey('referral_code_invalid'))
  .regex(REFERRAL_CODE_PATTERN, errorKey('referral_code_invalid'));

// The text fields of POST /api/auth/signup (multipart; the two photos are checked as files by the
// server with imageProblemOf). documento comes out as 10 digits, telefone in E.164.
export const signupSchema = z.object({
  nome_completo: requiredText('name_required'),
  documento: nifField,
  email: emailField(),
  telefone: phoneField(),
  data_nascimento: birthDateField,
  sexo: genderField,
  password: newPasswordField,
  codigo_indicacao: optionalField(referralCodeField),
  // The language of the person's messages and e-mails; Creole when absent.
  idioma: optionalField(localeField),
});
export type SignupInput = z.input<typeof signupSchema>;
export type SignupBody = z.output<typeof signupSchema>;

// A chosen photo: present (the given key), a JPG or PNG, at most 5 MB. The value stays the
// caller's own object (a browser File), hence the type parameter.
export function imageFileField<TFile extends ImageFileLike = ImageFileLike>(
  requiredCode: 'document_photo_required' | 'profile_photo_required',
) {
  return z
    .custom<TFile>(isImageFileLike, errorKey(requiredCode))
    .refine((file) => imageProblemOf(file) !== 'image_invalid_type', errorKey('image_invalid_type'))
    .refine((file) => imageProblemOf(file) !== 'image_too_large', errorKey('image_too_large'));
}

// The 9-step registration wizard's form (spec §3 field names), for the web app.
export function createRegistrationFormSchema<TFile extends ImageFileLike = ImageFileLike>() {
  return z
    .object({
      fullName: requiredText('name_required'),
      document: nifField,
      documentPhoto: imageFileField<TFile>('document_photo_required'),
      email: emailField(),
      phone: phoneField(),
      birthDate: birthDateField,
      gender: genderField,
      profilePhoto: imageFileField<TFile>('profile_photo_required'),
      password: newPasswordField,
      confirmPassword: confirmPasswordField,
    })
    .refine(passwordsMatch, { ...errorKey('passwords_dont_match'), path: ['confirmPassword'] });
}
export type RegistrationForm<TFile extends ImageFileLike = ImageFileLike> = z.input<
  ReturnType<typeof createRegistrationFormSchema<TFile>>
>;
