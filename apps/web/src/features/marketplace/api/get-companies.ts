import type { CompanyPage } from '@kreyolcash/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

// A page at a time: a long list on a slow connection should show its first cards quickly.
export const COMPANIES_PAGE_LIMIT = 20;

/** GET /api/companies: the active companies, newest first. */
export function getCompanies(cursor: string | undefined, signal?: AbortSignal): Promise<CompanyPage> {
  return apiClient.get('/api/companies', { query: { limit: COMPANIES_PAGE_LIMIT, cursor }, signal });
}

export function getCompaniesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['marketplace', 'companies'],
    queryFn: ({ pageParam, signal }) => getCompanies(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useCompanies({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...getCompaniesQueryOptions(), enabled });
}
