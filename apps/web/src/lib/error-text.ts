import { AppError, type ErrorCode, formatKreyol } from '@kreyolcash/domain';
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

/** The namespaces with failure texts of their own, besides the shared ones of `screens`. */
export type ErrorTextNamespace = 'wallet' | 'marketplace' | 'account' | 'agents' | 'desk';

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
  const failure = AppError.from(error);
  const { code } = failure;
  const own = GENERIC_CODES.has(code) ? undefined : errorTextIn('screens', code, placeholdersOf(failure));
  return own ?? fallbackText ?? errorTextIn('screens', fallback) ?? code;
}

/**
 * A feature's text of a failure: its own sentence for the code, else the shared one, else its own
 * sentence for `fallback` (the screen's "could not …", spec §8).
 */
export function featureErrorText(error: unknown, namespace: ErrorTextNamespace, fallback: ErrorCode): string {
  const failure = AppError.from(error);
  return (
    errorTextIn(namespace, failure.code, placeholdersOf(failure)) ??
    errorText(error, { fallbackText: errorTextIn(namespace, fallback) })
  );
}

// A limit's refusal says which limit and how much of it is used, in centis: its text
// shows them written ({{limit}}, {{used}}). A changed price says the new one ({{price}}).
function placeholdersOf(failure: AppError): Record<string, string> | undefined {
  const limit = failure.details?.limite_centis;
  const used = failure.details?.usado_centis;
  const price = failure.details?.preco_unitario_centis;
  if (typeof price === 'number') return { price: formatKreyol(price) };
  if (typeof limit !== 'number') return undefined;
  return { limit: formatKreyol(limit), used: formatKreyol(typeof used === 'number' ? used : 0) };
}

/** The text of a field's error key, e.g. `name_required`: a feature's own first, when it has one. */
export function fieldErrorText(code: string | undefined, namespace?: ErrorTextNamespace): string | undefined {
  if (!code) return undefined;
  return (
    (namespace && errorTextIn(namespace, code)) ??
    errorTextIn('screens', code) ??
    errorTextIn('screens', 'validation_error')
  );
}

/** The text of `errors.<code>` in a namespace, when it has one. */
export function errorTextIn(
  namespace: ErrorTextNamespace | 'screens',
  code: string,
  placeholders?: Record<string, string>,
): string | undefined {
  const key = `${namespace}:errors.${code}`;
  // Checked at run time: error codes are a union of ~100, and each namespace has texts for some.
  return i18n.exists(key) ? i18n.t(key as 'screens:errors.unexpected_error', placeholders) : undefined;
}

/** An ended session has its own toast (the data provider's) and the screen is leaving for the login. */
export function isSessionFailure(error: unknown): boolean {
  const { code } = AppError.from(error);
  return code === 'session_expired' || code === 'unauthorized';
}
