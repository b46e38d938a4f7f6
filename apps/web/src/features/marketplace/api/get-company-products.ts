import type { ProductPage } from '@kreyolcash/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const PRODUCTS_PAGE_LIMIT = 20;

/** GET /api/companies/:id/products: the company's ATIVO products and services, newest first. */
export function getCompanyProducts(
  companyId: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ProductPage> {
  return apiClient.get(`/api/companies/${encodeURIComponent(companyId)}/products`, {
    query: { limit: PRODUCTS_PAGE_LIMIT, cursor },
    signal,
  });
}

export function getCompanyProductsQueryOptions(companyId: string) {
  return infiniteQueryOptions({
    queryKey: ['marketplace', 'companies', 'detail', companyId, 'products'],
    queryFn: ({ pageParam, signal }) => getCompanyProducts(companyId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useCompanyProducts({ companyId, enabled = true }: { companyId: string; enabled?: boolean }) {
  return useInfiniteQuery({ ...getCompanyProductsQueryOptions(companyId), enabled });
}
