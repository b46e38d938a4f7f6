import type { PendingPurchaseList } from '@kreyolcash/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /api/purchases/pending: the caller's purchases waiting for their code (one per product). */
export function getPendingPurchases(signal?: AbortSignal): Promise<PendingPurchaseList> {
  return apiClient.get('/api/purchases/pending', { signal });
}

export function getPendingPurchasesQueryOptions() {
  return queryOptions({
    // Under ['wallet'], so every ledger change (a cancel, a post, an expiry) reads it again.
    queryKey: ['wallet', 'pending-purchases'],
    queryFn: ({ signal }) => getPendingPurchases(signal).then((answer) => answer.items),
    staleTime: 0,
  });
}

export function usePendingPurchases({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getPendingPurchasesQueryOptions(), enabled });
}
