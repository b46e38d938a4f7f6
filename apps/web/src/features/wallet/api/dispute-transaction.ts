import type { DisputeKind, OpenedTransferReport } from '@kreyolcash/domain';
import { apiClient } from '@/lib/api-client';

/**
 * POST /api/wallet/transactions/:id/dispute: the customer complains about one of their movements
 * (a cash-out or cash-in at an agent among them) with a reason and their own words. Refusals:
 * transaction_not_reportable, report_window_closed, report_limit_reached, report_already_exists.
 */
export function disputeTransaction(
  movementId: string,
  tipo: Exclude<DisputeKind, 'pessoa_errada'>,
  descricao: string | undefined,
): Promise<OpenedTransferReport> {
  return apiClient.post(`/api/wallet/transactions/${encodeURIComponent(movementId)}/dispute`, {
    tipo,
    ...(descricao ? { descricao } : {}),
  });
}
