import { AppError } from '@kreyolcash/domain';
import { toast } from 'sonner';
import { errorText, fieldErrorText } from '@/lib/error-text';
import { i18n } from '@/lib/i18n';

/** What a settings call says when it fails without a more precise code (spec §8). */
export type ProfileFallback =
  | 'user_data_error'
  | 'photo_upload_error'
  | 'image_processing_error'
  | 'name_update_error'
  | 'code_send_error'
  | 'verification_code_error'
  | 'phone_update_error';

function accountText(code: string): string | undefined {
  const key = `account:errors.${code}`;
  // Checked at run time: the account screens' own sentences are here, the shared ones in `screens`.
  return i18n.exists(key) ? i18n.t(key as 'account:errors.invalid_codes') : undefined;
}

/** The text of a failure: its value-carrying sentence, the account's own, the shared one, the fallback. */
export function profileErrorText(error: unknown, fallback: ProfileFallback): string {
  const failure = AppError.from(error);
  const remaining = failure.details?.tentativas_restantes;
  if (failure.code === 'invalid_codes' && typeof remaining === 'number') {
    return i18n.t('account:errors.invalid_codes_remaining', { remaining });
  }
  // Spec §5: the message names who uses the number (the server sends only the first name).
  const holder = failure.details?.nome;
  if (failure.code === 'phone_already_exists' && typeof holder === 'string' && holder !== '') {
    return i18n.t('account:errors.phone_already_used_by', { name: holder });
  }
  return accountText(failure.code) ?? errorText(failure, { fallbackText: accountText(fallback) });
}

/** An error toast titled "Erè" (spec §8). */
export function notifyProfileError(error: unknown, fallback: ProfileFallback): void {
  const { code } = AppError.from(error);
  // An ended session has its toast already, and the screen is leaving for the login.
  if (code === 'session_expired' || code === 'unauthorized') return;
  toast.error(i18n.t('screens:errors.title'), { description: profileErrorText(error, fallback) });
}

/** The text under a form field whose message is an error key (`new_phone_required`, …). */
export function profileFieldText(code: string | undefined): string | undefined {
  return code ? (accountText(code) ?? fieldErrorText(code)) : undefined;
}
