import { AppError, type ErrorCode } from '@kreyolcash/domain';
import type { Refusal } from '@/components/ui/step-refusal';
import { featureErrorText, fieldErrorText, isSessionFailure } from '@/lib/error-text';
import { i18n } from '@/lib/i18n';

/** The desk's sentences for a call that failed without a precise code. */
export type DeskFallback = 'transfer_processing_error' | 'verification_code_error' | 'user_data_error';

/** The desk's own text of a failure, else the shared text of its code, else the step's sentence. */
export function deskErrorText(error: unknown, fallback: DeskFallback): string {
  const failure = AppError.from(error);
  const remaining = failure.details?.tentativas_restantes;
  if (failure.code === 'invalid_codes' && typeof remaining === 'number') {
    return i18n.t('desk:cashIn.codeWrongRemaining', { remaining });
  }
  return featureErrorText(failure, 'desk', fallback);
}

/** A step's refusal; none for an ended session (the app says it, and goes to the login). */
export function deskRefusalOf(error: unknown, fallback: DeskFallback): Refusal | null {
  if (isSessionFailure(error)) return null;
  const { code } = AppError.from(error);
  if (code === 'user_not_found') {
    return { title: i18n.t('desk:cashIn.customerNotFound'), text: i18n.t('desk:errors.user_not_found') };
  }
  return { text: deskErrorText(error, fallback), code };
}

/** A refusal from a form field's error key (`invalid_amount`, `phone_invalid`…). */
export function deskFieldText(code: string | undefined): string | undefined {
  return fieldErrorText(code, 'desk');
}

/** Whether the caller is no agent (or not allowed the desk): the desk then says so, once. */
export function isNotAnAgent(error: unknown): boolean {
  const { code } = AppError.from(error);
  const notAgent: ErrorCode[] = ['agent_not_found', 'forbidden', 'not_found'];
  return notAgent.includes(code);
}
