import type { Wallet } from '@kreyolcash/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/**
 * GET /api/wallet, for the purchase form. The wallet feature has its own fetcher of the same
 * endpoint (features do not import each other); both use the `['wallet']` key, so they share one
 * cached answer and a purchase that refreshes it refreshes the home screen too.
 */
export function getBalance(signal?: AbortSignal): Promise<Wallet> {
  return apiClient.get('/api/wallet', { signal });
}

export function getBalanceQueryOptions() {
  return queryOptions({ queryKey: ['wallet'], queryFn: ({ signal }) => getBalance(signal) });
}

export function useBalance({
  queryConfig,
}: {
  queryConfig?: QueryConfig<typeof getBalanceQueryOptions>;
} = {}) {
  return useQuery({ ...getBalanceQueryOptions(), ...queryConfig });
}
