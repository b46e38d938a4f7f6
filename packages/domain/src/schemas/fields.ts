import { z } from 'zod';
import { isCommonPassword } from '../common-passwords.ts';
import {
  EMAIL_MAX_LENGTH,
  ID_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../constants.ts';
import { isValidBirthDate, todayIsoDate } from '../dates.ts';
import type { ErrorCode } from '../error-codes.ts';
import { LOCALES } from '../locales.ts';
import { isValidNif, nifDigits } from '../nif.ts';
import { normalizePhone } from '../phone.ts';
import { isVerificationCodeFormat } from '../verification-codes.ts';
import { visibleLine, visibleLines } from '../visible-text.ts';

// Field schemas shared by the request bodies. Every message is an error key (never a text):
// the web translates the key, the server sends it as the field's code.

// Typed zod params, so that a misspelt key is a compile error.
export function errorKey(code: ErrorCode): { error: ErrorCode } {
  return { error: code };
}

// The same, and no later check of the field runs: one failure, one key (a blank field is
// "required", not also "invalid").
export function errorKeyAndStop(code: ErrorCode): { error: ErrorCode; abort: true } {
  return { error: code, abort: true };
}

// One key when the value is missing, another when it is present but wrong (enums).
export function requiredOr(requiredCode: ErrorCode, invalidCode: ErrorCode) {
  return {
    error: (issue: { input?: unknown }): ErrorCode =>
      issue.input === undefined || issue.input === null || issue.input === '' ? requiredCode : invalidCode,
  };
}

// Forms and multipart bodies send '' for an empty optional field; it means absent.
export function optionalField<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());
}

// Invisible characters are removed first (visible-text.ts), so text that was nothing else is
// empty and gets the field's required key. `lines`: a name is one line, a description several.
export function requiredText(
  requiredCode: ErrorCode,
  maxLength: number = NAME_MAX_LENGTH,
  lines: 'one' | 'several' = 'one',
) {
  return z
    .string(errorKey(requiredCode))
    .overwrite(lines === 'one' ? visibleLine : visibleLines)
    .trim()
    .min(1, errorKeyAndStop(requiredCode))
    .max(maxLength, errorKey('value_too_long'));
}

// Deliberately the simple x@y.z shape of spec §5: the confirmation e-mail is the real check.
// Lower-cased so that one mailbox is one account.
// No control or invisible format character anywhere (a NUL cannot even be stored).
const EMAIL_SHAPE = /^[^\s@\p{Cc}\p{Cf}]+@[^\s@\p{Cc}\p{Cf}]+\.[^\s@\p{Cc}\p{Cf}]+$/u;

export function emailField(
  requiredCode: ErrorCode = 'email_required',
  invalidCode: ErrorCode = 'email_invalid',
) {
  return z
    .string(errorKey(requiredCode))
    .trim()
    .toLowerCase()
    .min(1, errorKeyAndStop(requiredCode))
    .max(EMAIL_MAX_LENGTH, errorKey(invalidCode))
    .regex(EMAIL_SHAPE, errorKey(invalidCode));
}

// A password being checked (login). Never trimmed: spaces may be part of a password. No
// common-password check here: accounts made before the rule must still be able to log in.
export const passwordField = z
  .string(errorKey('password_required'))
  .min(1, errorKeyAndStop('password_required'))
  .min(PASSWORD_MIN_LENGTH, errorKey('password_min_length'))
  .max(PASSWORD_MAX_LENGTH, errorKey('password_max_length'));

// A password being chosen (sign-up, reset): the same rules, and not one of the most common.
export const newPasswordField = passwordField.refine(
  (password) => !isCommonPassword(password),
  errorKey('password_too_common'),
);

// Accepts a typed or masked NIF and yields its 10 digits (how it is stored).
export const nifField = z
  .string(errorKey('document_required'))
  .trim()
  .min(1, errorKeyAndStop('document_required'))
  .refine(isValidNif, errorKey('document_invalid'))
  .transform(nifDigits);

// Yields the E.164 form (see normalizePhone).
export function phoneField(requiredCode: ErrorCode = 'phone_required') {
  return z
    .string(errorKey(requiredCode))
    .trim()
    .min(1, errorKeyAndStop(requiredCode))
    .refine((text) => normalizePhone(text) !== null, errorKey('phone_invalid'))
    .transform((text) => normalizePhone(text) ?? text);
}

// A real calendar date in the past, checked against today's date in Haiti at parse time.
export const birthDateField = z
  .string(errorKey('birth_date_required'))
  .trim()
  .min(1, errorKeyAndStop('birth_date_required'))
  .refine((text) => isValidBirthDate(text, todayIsoDate()), errorKey('birth_date_invalid'));

export const verificationCodeField = z
  .string(errorKey('invalid_verification_code'))
  .trim()
  .refine(isVerificationCodeFormat, errorKey('invalid_verification_code'));

// Ids are opaque to clients; only their size is bounded.
export const idField = z
  .string(errorKey('validation_error'))
  .trim()
  .min(1, errorKey('validation_error'))
  .max(ID_MAX_LENGTH, errorKey('validation_error'));

// A whole, safe, non-negative number of centis or items, with the given key for any failure.
export function safeIntegerField(invalidCode: ErrorCode, min: number, max: number = Number.MAX_SAFE_INTEGER) {
  return z
    .number(errorKey(invalidCode))
    .refine(Number.isSafeInteger, errorKeyAndStop(invalidCode))
    .refine((value) => value >= min && value <= max, errorKey(invalidCode));
}

// Optional free text (a note): invisible characters removed, trimmed, and blank reads as absent.
export function optionalText(maxLength: number) {
  return optionalField(
    z
      .string(errorKey('validation_error'))
      .overwrite(visibleLines)
      .trim()
      .max(maxLength, errorKey('value_too_long'))
      .transform((text) => (text === '' ? undefined : text)),
  );
}

// The language a person reads (their messages and e-mails follow it): one of LOCALES.
export const localeField = z.enum(LOCALES, errorKey('invalid_language'));
