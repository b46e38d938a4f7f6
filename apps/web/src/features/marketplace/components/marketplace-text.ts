import { AppError, type ErrorCode } from '@kreyolcash/domain';
import { toast } from 'sonner';
import type marketplaceHt from '@/i18n/marketplace/ht.json';
import { errorText, fieldErrorText } from '@/lib/error-text';
import { i18n } from '@/lib/i18n';

// The marketplace's own failure texts (`marketplace:errors.<code>`) come first; the app's shared
// ones (`screens:errors.<code>`: network, session, rate limit…) cover the rest.

type MarketplaceErrorKey = `marketplace:errors.${keyof typeof marketplaceHt.errors}`;

/** The marketplace text of a code, when it has one. */
export function marketplaceText(code: string): string | undefined {
  const key = `marketplace:errors.${code}`;
  // Checked at run time: a code is any of ~100, and only the marketplace's have a text here.
  return i18n.exists(key) ? i18n.t(key as MarketplaceErrorKey) : undefined;
}

/** The text of a form field's error key (`service_name_required` → "Non sèvis la obligatwa"). */
export function marketplaceFieldText(key: string | undefined): string | undefined {
  if (!key) return undefined;
  return marketplaceText(key) ?? fieldErrorText(key);
}

export type MarketplaceFallback = Extract<
  ErrorCode,
  | 'error_loading_company'
  | 'error_loading_product'
  | 'company_creation_error'
  | 'service_creation_error'
  | 'purchase_error'
  | 'verification_code_error'
>;

/** The failure's own text, or the screen's sentence (`fallback`) for a generic failure. */
export function marketplaceErrorText(error: unknown, fallback: MarketplaceFallback): string {
  const { code } = AppError.from(error);
  return marketplaceText(code) ?? errorText(error, { fallbackText: marketplaceText(fallback) });
}

/** An error toast, titled "Erè" unless told otherwise (spec §8). */
export function showErrorToast(description: string, title: string = i18n.t('screens:errors.title')): void {
  toast.error(title, { description });
}

export function notifyMarketplaceError(
  error: unknown,
  { fallback, title }: { fallback: MarketplaceFallback; title?: string },
): void {
  showErrorToast(marketplaceErrorText(error, fallback), title);
}

/** An ended session has its own toast (the data provider's) and the screen leaves for the login. */
export function isSessionFailure(error: unknown): boolean {
  const { code } = AppError.from(error);
  return code === 'session_expired' || code === 'unauthorized';
}
