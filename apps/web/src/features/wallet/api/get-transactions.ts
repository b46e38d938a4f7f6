import type { HistoryFilter, Transaction } from '@kreyolcash/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

export type TransactionPage = { items: Transaction[]; next_cursor: string | null };
export type TransactionsQuery = { type?: HistoryFilter; limit: number; cursor?: string };

/** GET /api/wallet/transactions: the caller's movements, newest first. */
export function getTransactions(query: TransactionsQuery, signal?: AbortSignal): Promise<TransactionPage> {
  return apiClient.get('/api/wallet/transactions', { query, signal });
}

export function getTransactionsQueryOptions(query: TransactionsQuery) {
  return queryOptions({
    queryKey: ['wallet', 'transactions', query],
    queryFn: ({ signal }) => getTransactions(query, signal),
  });
}

export function useTransactions({
  query,
  queryConfig,
}: {
  query: TransactionsQuery;
  queryConfig?: QueryConfig<typeof getTransactionsQueryOptions>;
}) {
  return useQuery({ ...getTransactionsQueryOptions(query), ...queryConfig });
}
