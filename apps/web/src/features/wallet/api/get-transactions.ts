import type { HistoryFilter, StatementPage } from '@kreyolcash/domain';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

export type TransactionsQuery = { type?: HistoryFilter; limit: number; cursor?: string };

/** GET /api/wallet/transactions: the caller's movements, newest first. */
export function getTransactions(query: TransactionsQuery, signal?: AbortSignal): Promise<StatementPage> {
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

/** The statement: pages of `limit` movements, each asking for the ones after the last cursor. */
export function getTransactionPagesQueryOptions(query: Omit<TransactionsQuery, 'cursor'>) {
  return infiniteQueryOptions({
    queryKey: ['wallet', 'transactions', 'pages', query],
    queryFn: ({ pageParam, signal }) => getTransactions({ ...query, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

export function useTransactionPages({
  query,
  enabled = true,
}: {
  query: Omit<TransactionsQuery, 'cursor'>;
  enabled?: boolean;
}) {
  return useInfiniteQuery({ ...getTransactionPagesQueryOptions(query), enabled });
}
