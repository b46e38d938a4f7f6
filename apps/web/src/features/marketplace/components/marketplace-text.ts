import type { ErrorCode } from '@kreyolcash/domain';
import { AppError } from '@kreyolcash/domain';
import type { Refusal } from '@/components/ui/step-refusal';
import { featureErrorText, fieldErrorText } from '@/lib/error-text';
import { notifyErrorText } from '@/lib/notify';

// The marketplace's own failure texts (`marketplace:errors.<code>`) come first; the app's shared
// ones (`screens:errors.<code>`: network, session, rate limit…) cover the rest.

/** The text of a form field's error key (`service_name_required` → "Non sèvis la obligatwa"). */
export function marketplaceFieldText(key: string | undefined): string | undefined {
  return fieldErrorText(key, 'marketplace');
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

/** A purchase step's refusal, to show in the step: the failure's own text, or the screen's sentence. */
export function marketplaceRefusalOf(
  error: unknown,
  { fallback }: { fallback: MarketplaceFallback },
): Refusal {
  return { text: featureErrorText(error, 'marketplace', fallback), code: AppError.from(error).code };
}

/**
 * An error toast, titled "Erè" unless told otherwise (spec §8): the failure's own text, or the
 * screen's sentence (`fallback`) for a generic failure.
 */
export function notifyMarketplaceError(
  error: unknown,
  { fallback, title }: { fallback: MarketplaceFallback; title?: string },
): void {
  notifyErrorText(featureErrorText(error, 'marketplace', fallback), title);
}
