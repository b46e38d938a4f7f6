import { AppError } from '@kreyolcash/domain';
import type { Refusal } from '@/components/ui/step-refusal';
import { featureErrorText, fieldErrorText, isSessionFailure } from '@/lib/error-text';
import { i18n } from '@/lib/i18n';
import { notifyErrorText } from '@/lib/notify';

/** What a settings call says when it fails without a more precise code (spec §8). */
export type ProfileFallback =
  | 'unexpected_error'
  | 'user_data_error'
  | 'photo_upload_error'
  | 'image_processing_error'
  | 'name_update_error'
  | 'code_send_error'
  | 'verification_code_error'
  | 'phone_update_error';

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
  return featureErrorText(failure, 'account', fallback);
}

/** A step's refusal, to show in the step; none for an ended session (the app says it, and leaves). */
export function profileRefusalOf(error: unknown, fallback: ProfileFallback): Refusal | null {
  if (isSessionFailure(error)) return null;
  return { text: profileErrorText(error, fallback), code: AppError.from(error).code };
}

/** An error toast titled "Erè" (spec §8), for a failure that belongs to no step. */
export function notifyProfileError(error: unknown, fallback: ProfileFallback): void {
  const refusal = profileRefusalOf(error, fallback);
  if (refusal) notifyErrorText(refusal.text);
}

/** The text under a form field whose message is an error key (`new_phone_required`, …). */
export function profileFieldText(code: string | undefined): string | undefined {
  return fieldErrorText(code, 'account');
}
