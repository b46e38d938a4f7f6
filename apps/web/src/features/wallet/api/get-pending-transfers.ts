import type { PendingTransferList } from '@kreyolcash/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * GET /api/transfers/pending: the caller's transfers waiting for their code, newest first; each can
 * be resumed or cancelled.
 */
export function getPendingTransfers(signal?: AbortSignal): Promise<PendingTransferList> {
  return apiClient.get('/api/transfers/pending', { signal });
}

export function getPendingTransfersQueryOptions() {
  return queryOptions({
    // Under ['wallet'], so every ledger change (a cancel, a post, an expiry) reads it again.
    queryKey: ['wallet', 'pending-transfers'],
    queryFn: ({ signal }) => getPendingTransfers(signal).then((answer) => answer.items),
    staleTime: 0,
  });
}

export function usePendingTransfers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getPendingTransfersQueryOptions(), enabled });
}
