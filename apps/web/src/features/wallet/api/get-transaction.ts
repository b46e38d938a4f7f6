import type { TransactionDetail } from '@kreyolcash/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** GET /api/wallet/transactions/:id: one movement of the caller; 404 transaction_not_found. */
export function getTransaction(id: string, signal?: AbortSignal): Promise<TransactionDetail> {
  return apiClient.get(`/api/wallet/transactions/${encodeURIComponent(id)}`, { signal });
}

export function getTransactionQueryOptions(id: string) {
  return queryOptions({
    // Under ['wallet', 'transactions'], so a realtime event refreshes an open detail too.
    queryKey: ['wallet', 'transactions', 'detail', id],
    queryFn: ({ signal }) => getTransaction(id, signal),
  });
}

/**
 * The movement as the server holds it now, or undefined if it cannot be read: how a transfer ended
 * that this screen did not see end (completed in another tab, by a confirmation whose answer was
 * lost, or cancelled elsewhere).
 */
export function readTransactionNow(
  queryClient: QueryClient,
  id: string,
): Promise<TransactionDetail | undefined> {
  return queryClient.fetchQuery({ ...getTransactionQueryOptions(id), staleTime: 0 }).catch(() => undefined);
}

export function useTransaction({
  id,
  queryConfig,
}: {
  id: string;
  queryConfig?: QueryConfig<typeof getTransactionQueryOptions>;
}) {
  return useQuery({ ...getTransactionQueryOptions(id), ...queryConfig });
}
