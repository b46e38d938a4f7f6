import { AppError, formatKreyol } from '@kreyolcash/domain';
import type { Refusal } from '@/components/ui/step-refusal';
import { featureErrorText, isSessionFailure } from '@/lib/error-text';
import { i18n } from '@/lib/i18n';
import { changedFeeOf } from '@/lib/published-fees';

/**
 * Where a refused confirmation leaves the customer: a new fee to accept (a new code goes with it),
 * a cash-out to start again (the code is spent or the agent gone), the pending list to read (a
 * retried confirmation that had worked), or the same code step (a wrong code, a balance or limit
 * they can fix: the hold's refusal leaves the code unspent).
 */
export type ConfirmRefusalNext = 'new-fee' | 'start-again' | 'choose-agent' | 'check-pending' | 'stay';

export function nextAfterConfirmRefusal(error: unknown): ConfirmRefusalNext {
  switch (AppError.from(error).code) {
    case 'fee_changed':
      return 'new-fee';
    case 'code_expired':
    case 'code_attempts_exceeded':
      return 'start-again';
    case 'agent_not_found':
      return 'choose-agent';
    case 'transaction_not_pending':
      return 'check-pending';
    default:
      return 'stay';
  }
}

/** The text of a cash-out's failure: the agents' own first, then the shared ones (limits…). */
export function cashOutErrorText(error: unknown): string {
  const failure = AppError.from(error);
  const remaining = failure.details?.tentativas_restantes;
  if (failure.code === 'invalid_codes' && typeof remaining === 'number') {
    return i18n.t('agents:cashOut.code.wrongRemaining', { remaining });
  }
  const fee = changedFeeOf(failure);
  if (fee !== undefined) {
    return i18n.t('agents:errors.fee_changed', { fee: formatKreyol(fee) });
  }
  return featureErrorText(failure, 'agents', 'unexpected_error');
}

/** A step's refusal; none for an ended session (the app says it, and leaves for the login). */
export function cashOutRefusalOf(error: unknown): Refusal | null {
  if (isSessionFailure(error)) return null;
  return { text: cashOutErrorText(error), code: AppError.from(error).code };
}
