import { AppError, type ProductDetail } from '@kreyolcash/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** GET /api/products/:id: an active product with its company; 404 product_not_found otherwise. */
export function getProduct(productId: string, signal?: AbortSignal): Promise<ProductDetail> {
  return apiClient.get(`/api/products/${encodeURIComponent(productId)}`, { signal });
}

export function getProductQueryOptions(productId: string) {
  return queryOptions({
    queryKey: ['marketplace', 'products', productId],
    queryFn: ({ signal }) => getProduct(productId, signal),
    retry: (failures, error) => failures < 1 && AppError.from(error).code !== 'product_not_found',
  });
}

export function useProduct({
  productId,
  queryConfig,
}: {
  productId: string;
  queryConfig?: QueryConfig<typeof getProductQueryOptions>;
}) {
  return useQuery({ ...getProductQueryOptions(productId), ...queryConfig });
}
