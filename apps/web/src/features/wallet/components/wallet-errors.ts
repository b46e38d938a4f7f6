import { AppError, type ErrorCode } from '@kreyolcash/domain';
import { toast } from 'sonner';
import { errorText, fieldErrorText } from '@/lib/error-text';
import { i18n } from '@/lib/i18n';

/** The sentences a wallet screen falls back on when a call fails without a precise code (spec §8). */
export type WalletFallback =
  | 'search_user_error'
  | 'transfer_processing_error'
  | 'verification_code_error'
  | 'error_loading_transactions';

function walletText(code: string): string | undefined {
  const key = `wallet:errors.${code}`;
  // Checked at run time: only the wallet's own codes have a text here, the shared ones in `screens`.
  return i18n.exists(key) ? i18n.t(key as 'wallet:errors.invalid_amount') : undefined;
}

/** The wallet's own text of a failure, else the shared text of its code, else the screen's sentence. */
export function walletErrorText(error: unknown, fallback: WalletFallback): string {
  const failure = AppError.from(error);
  const remaining = failure.details?.tentativas_restantes;
  if (failure.code === 'invalid_codes' && typeof remaining === 'number') {
    return i18n.t('wallet:errors.invalid_codes_remaining', { remaining });
  }
  return walletText(failure.code) ?? errorText(failure, { fallbackText: walletText(fallback) });
}

/** An error toast titled "Erè"; user_not_found has its own title and sentence (spec §8). */
export function notifyWalletError(error: unknown, fallback: WalletFallback): void {
  const { code } = AppError.from(error);
  // An ended session has its toast already, and the screen is leaving for the login.
  if (code === 'session_expired' || code === 'unauthorized') return;
  if (code === 'user_not_found') {
    toast.error(i18n.t('wallet:errors.user_not_found'), {
      description: i18n.t('wallet:errors.user_not_found_message'),
    });
    return;
  }
  toast.error(i18n.t('screens:errors.title'), { description: walletErrorText(error, fallback) });
}

/** The toast of a form field that did not validate (its message is an error key). */
export function notifyFieldError(code: string | undefined, fallback: WalletFallback): void {
  notifyWalletError(new AppError((code ?? 'validation_error') as ErrorCode), fallback);
}

/** The text under a form field whose message is an error key (`invalid_amount`, …). */
export function walletFieldText(code: string | undefined): string | undefined {
  return code ? (walletText(code) ?? fieldErrorText(code)) : undefined;
}

/** Clears the error toasts of a step the user has now got past (a wrong code before the right one). */
export function dismissWalletErrors(): void {
  toast.dismiss();
}
