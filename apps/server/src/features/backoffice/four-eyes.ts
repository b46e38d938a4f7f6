import { AppError, type ErrorCode } from '@kreyolcash/domain';
import { isUuid } from '../../lib/ids.ts';

// What every decision under four eyes shares (adjustments, agents' float): one operator proposes,
// another approves or rejects, with a reason the operator actually wrote.

/** The proposal's id from the route, or 404 not_found (a malformed id names nothing). */
export function proposalIdOf(request: { params: { id: string } }): string {
  if (!isUuid(request.params.id)) throw new AppError('not_found');
  return request.params.id;
}

/** A reason (or a reference) the operator actually wrote, or 422 reason_required. */
export function requiredReason(value: string | null | undefined): string {
  const trimmed = value?.trim();
  if (!trimmed) throw new AppError('reason_required');
  return trimmed;
}

/**
 * Four eyes, on the proposal's locked row: someone other than its proposer decides (the database
 * refuses it too, with a CHECK on each table), and only while it is proposed.
 */
export function assertDecidable(
  proposal: { proposto_por: string; status: string } | undefined,
  operatorId: string,
  codes: { own: ErrorCode; notPending: ErrorCode },
): asserts proposal is { proposto_por: string; status: 'proposto' } {
  if (!proposal) throw new AppError('not_found');
  if (proposal.proposto_por === operatorId) throw new AppError(codes.own);
  if (proposal.status !== 'proposto') {
    throw new AppError(codes.notPending, { details: { status: proposal.status } });
  }
}
