import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginSchema } from './auth.ts';
import { appErrorFromZod, fieldErrorsOf } from './field-errors.ts';

describe('field errors', () => {
  it('keeps the first key of each field', () => {
    const result = loginSchema.safeParse({ email: 'x', password: '1' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrorsOf(result.error)).toEqual({
        email: 'email_invalid',
        password: 'password_min_length',
      });
    }
  });

  it('reads a message that is not an error key as validation_error', () => {
    const result = z.object({ a: z.string() }).safeParse({ a: 1 });
    if (!result.success) expect(fieldErrorsOf(result.error)).toEqual({ a: 'validation_error' });
  });

  it('makes a validation_error AppError with status 422 and the field keys', () => {
    const result = loginSchema.safeParse({});
    if (result.success) throw new Error('expected a failure');
    const error = appErrorFromZod(result.error);
    expect(error).toMatchObject({ code: 'validation_error', status: 422, message: 'email_required' });
    expect(error.fields).toEqual({ email: 'email_required', password: 'password_required' });
  });
});
