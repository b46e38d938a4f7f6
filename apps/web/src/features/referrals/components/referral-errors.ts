import { featureErrorText, fieldErrorText, isSessionFailure } from '@/lib/error-text';
import { notifyErrorText } from '@/lib/notify';

// The referral sentences are in `account`, the shared ones in `screens`.

/** An error toast titled "Erè": the failure's own sentence, else referral_send_error (spec §8). */
export function notifyReferralError(error: unknown): void {
  if (isSessionFailure(error)) return;
  notifyErrorText(featureErrorText(error, 'account', 'referral_send_error'));
}

/** The text under a field whose message is an error key (`fill_all_fields`, `referral_self`, …). */
export function referralFieldText(code: string | undefined): string | undefined {
  return fieldErrorText(code, 'account');
}
