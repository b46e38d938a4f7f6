import type { SalePage } from '@kreyolcash/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const SALES_PAGE_LIMIT = 20;

/** GET /api/companies/:id/sales: the owner's sales, newest first (403 for anyone else). */
export function getCompanySales(
  companyId: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<SalePage> {
  return apiClient.get(`/api/companies/${encodeURIComponent(companyId)}/sales`, {
    query: { limit: SALES_PAGE_LIMIT, cursor },
    signal,
  });
}

export function getCompanySalesQueryOptions(companyId: string) {
  return infiniteQueryOptions({
    queryKey: ['marketplace', 'companies', 'detail', companyId, 'sales'],
    queryFn: ({ pageParam, signal }) => getCompanySales(companyId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useCompanySales({ companyId, enabled = true }: { companyId: string; enabled?: boolean }) {
  return useInfiniteQuery({ ...getCompanySalesQueryOptions(companyId), enabled });
}
