import { AppError, formatKreyol } from '@kreyolcash/domain';
import { toast } from 'sonner';
import type { Refusal } from '@/components/ui/step-refusal';
import { featureErrorText, fieldErrorText, isSessionFailure } from '@/lib/error-text';
import { i18n } from '@/lib/i18n';
import { notifyErrorText } from '@/lib/notify';
import { changedFeeOf } from '@/lib/published-fees';

/** The sentences a wallet screen falls back on when a call fails without a precise code (spec §8). */
export type WalletFallback =
  | 'search_user_error'
  | 'transfer_processing_error'
  | 'verification_code_error'
  | 'code_send_error'
  | 'error_loading_transactions';

/** The wallet's own text of a failure, else the shared text of its code, else the screen's sentence. */
function walletErrorText(error: unknown, fallback: WalletFallback): string {
  const failure = AppError.from(error);
  const remaining = failure.details?.tentativas_restantes;
  if (failure.code === 'invalid_codes' && typeof remaining === 'number') {
    return i18n.t('wallet:errors.invalid_codes_remaining', { remaining });
  }
  const newFee = changedFeeOf(failure);
  if (newFee !== undefined) return i18n.t('wallet:errors.fee_changed', { fee: formatKreyol(newFee) });
  return featureErrorText(failure, 'wallet', fallback);
}

/**
 * A step's refusal, to show in the step; user_not_found has its own title and sentence (spec §8).
 * None for an ended session: the data provider says it, and the screen is leaving for the login.
 */
export function walletRefusalOf(error: unknown, fallback: WalletFallback): Refusal | null {
  if (isSessionFailure(error)) return null;
  if (AppError.from(error).code === 'user_not_found') {
    return {
      title: i18n.t('wallet:errors.user_not_found'),
      text: i18n.t('wallet:errors.user_not_found_message'),
    };
  }
  return { text: walletErrorText(error, fallback), code: AppError.from(error).code };
}

/** An error toast titled "Erè", for a failure that belongs to no step (a cancel, a report). */
export function notifyWalletError(error: unknown, fallback: WalletFallback): void {
  const refusal = walletRefusalOf(error, fallback);
  if (refusal) notifyErrorText(refusal.text, refusal.title);
}

/** The text under a form field whose message is an error key (`invalid_amount`, …). */
export function walletFieldText(code: string | undefined): string | undefined {
  return fieldErrorText(code, 'wallet');
}

/** Clears the error toasts of a step the user has now got past (a wrong code before the right one). */
export function dismissWalletErrors(): void {
  toast.dismiss();
}
