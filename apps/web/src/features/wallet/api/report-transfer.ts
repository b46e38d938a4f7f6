import type { OpenedTransferReport } from '@kreyolcash/domain';
import { apiClient } from '@/lib/api-client';

/**
 * POST /api/transfers/:id/report: the payer says a posted transfer went to the wrong person.
 * Refusals: transaction_not_reportable, report_window_closed, report_limit_reached,
 * report_already_exists.
 */
export function reportTransfer(
  movementId: string,
  descricao: string | undefined,
): Promise<OpenedTransferReport> {
  return apiClient.post(
    `/api/transfers/${encodeURIComponent(movementId)}/report`,
    descricao ? { descricao } : {},
  );
}
