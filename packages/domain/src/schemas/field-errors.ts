import type { z } from 'zod';
import { AppError, type FieldErrors } from '../app-error.ts';
import { isErrorCode } from '../error-codes.ts';

// Where a failure belongs when it concerns the whole body rather than one field.
export const FORM_FIELD = 'form';

// The first key per field, as the API sends it (`fields`) and the forms show it. A message that is
// not an error key (zod's own, from a schema written elsewhere) counts as validation_error.
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || FORM_FIELD;
    if (field in fields) continue;
    fields[field] = isErrorCode(issue.message) ? issue.message : 'validation_error';
  }
  return fields;
}

// A failed parse as the one error type: validation_error (422) with the field keys, and the first
// key as message so logs say what failed.
export function appErrorFromZod(error: z.ZodError): AppError {
  const fields = fieldErrorsOf(error);
  const first = Object.values(fields)[0] ?? 'validation_error';
  return new AppError('validation_error', { message: first, fields });
}
