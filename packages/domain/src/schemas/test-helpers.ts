import type { z } from 'zod';
import type { FieldErrors } from '../app-error.ts';
import { fieldErrorsOf } from './field-errors.ts';

// The error key per field of a failed parse, or the parsed value; for readable assertions.
export function keysOf(schema: z.ZodType, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`expected a failure, got ${JSON.stringify(result.data)}`);
  return fieldErrorsOf(result.error);
}

export function parsed<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new Error(`expected success, got ${JSON.stringify(fieldErrorsOf(result.error))}`);
  return result.data;
}
