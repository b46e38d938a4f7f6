import { AppError } from '@kreyolcash/domain';
import { toast } from 'sonner';
import { errorText, fieldErrorText } from '@/lib/error-text';
import { i18n } from '@/lib/i18n';

function accountText(code: string): string | undefined {
  const key = `account:errors.${code}`;
  // Checked at run time: the referral sentences are in `account`, the shared ones in `screens`.
  return i18n.exists(key) ? i18n.t(key as 'account:errors.referral_send_error') : undefined;
}

/** An error toast titled "Erè": the failure's own sentence, else referral_send_error (spec §8). */
export function notifyReferralError(error: unknown): void {
  const failure = AppError.from(error);
  // An ended session has its toast already, and the screen is leaving for the login.
  if (failure.code === 'session_expired' || failure.code === 'unauthorized') return;
  const description =
    accountText(failure.code) ?? errorText(failure, { fallbackText: accountText('referral_send_error') });
  toast.error(i18n.t('screens:errors.title'), { description });
}

/** The text under a field whose message is an error key (`fill_all_fields`, `referral_self`, …). */
export function referralFieldText(code: string | undefined): string | undefined {
  return code ? (accountText(code) ?? fieldErrorText(code)) : undefined;
}
