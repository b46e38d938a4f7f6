import { AppError } from '@kreyolcash/domain';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * Puts the server's field errors (422 `fields`, e.g. `{ nome: 'service_name_required' }`) under
 * the form's fields of the same name; returns whether there were any.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly Path<T>[],
  rename: Partial<Record<string, Path<T>>> = {},
): boolean {
  let placed = false;
  for (const [field, key] of Object.entries(AppError.from(error).fields ?? {})) {
    const target = rename[field] ?? (formFields as readonly string[]).find((name) => name === field);
    if (!target) continue;
    setError(target as Path<T>, { message: key }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
