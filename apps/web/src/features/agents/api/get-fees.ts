import type { ExchangeRateResponse, FeeTableList } from '@kreyolcash/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /api/fees: the published table of each operation (cash-out, cash-in, transfer). */
export function getFees(signal?: AbortSignal): Promise<FeeTableList> {
  return apiClient.get('/api/fees', { signal });
}

export function getFeesQueryOptions() {
  return queryOptions({
    queryKey: ['fees'],
    queryFn: ({ signal }) => getFees(signal).then((answer) => answer.tabelas),
    // A table replaced in the back office applies at once: never shown older than a visit.
    staleTime: 0,
  });
}

export function useFees() {
  return useQuery(getFeesQueryOptions());
}

/** GET /api/fees/rate: what one ₭ is worth in gourdes. */
export function getRate(signal?: AbortSignal): Promise<ExchangeRateResponse> {
  return apiClient.get('/api/fees/rate', { signal });
}

export function useRate() {
  return useQuery(queryOptions({ queryKey: ['fees', 'rate'], queryFn: ({ signal }) => getRate(signal) }));
}
