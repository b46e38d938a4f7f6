import type { AppError } from '@kreyolcash/domain';
import { type LedgerRefusal, refusalError } from '../../ledger/ledger.ts';

// What the codes of cash-ins and cash-outs share.

// An agent types a code for every cash-in, many in an hour on a market day: a person's window of
// codes would stop them. Their cash-ins get this many per window instead.
export const AGENT_CODES_PER_WINDOW = 60;

/**
 * A code's refusal as the cash flows answer it: a code with nothing waiting for it (spent, or
 * never sent for this subject) is transaction_not_pending, not the phone change's code.
 */
export function codeRefusal(refusal: LedgerRefusal): AppError {
  if (refusal.error === 'phone_change_not_pending')
    return refusalError({ ok: false, error: 'transaction_not_pending' });
  return refusalError(refusal);
}
