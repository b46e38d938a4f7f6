import { AppError, type ErrorCode } from '@kreyolcash/domain';
import { i18n } from './i18n';

// Codes that say only "something failed": a screen shows its own sentence instead (login_error
// on the login page, user_data_error on home…), as the spec's error catalogue does.
const GENERIC_CODES: ReadonlySet<ErrorCode> = new Set([
  'internal_error',
  'unexpected_error',
  'bad_request',
  'validation_error',
  'not_found',
]);

export type ErrorTextOptions = {
  /** The code whose text stands in for a generic failure (default unexpected_error). */
  fallback?: ErrorCode;
  /** Or the screen's own sentence for it (the Portuguese texts of the password pages). */
  fallbackText?: string;
};

/** The translated text of a failure's code (`errors.<code>` in the screens namespace). */
export function errorText(
  error: unknown,
  { fallback = 'unexpected_error', fallbackText }: ErrorTextOptions = {},
) {
  const { code } = AppError.from(error);
  const own = GENERIC_CODES.has(code) ? undefined : textOf(code);
  return own ?? fallbackText ?? textOf(fallback) ?? code;
}

/** The text of a field's error key, e.g. `name_required`. */
export function fieldErrorText(code: string | undefined): string | undefined {
  if (!code) return undefined;
  return textOf(code) ?? textOf('validation_error');
}

function textOf(code: string): string | undefined {
  const key = `screens:errors.${code}`;
  // Checked at run time: error codes are a union of ~100, not all of which have a text.
  return i18n.exists(key) ? i18n.t(key as 'screens:errors.unexpected_error') : undefined;
}
