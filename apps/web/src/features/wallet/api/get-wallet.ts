import type { Wallet } from '@kreyolcash/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** GET /api/wallet: the balance, what pending transfers hold, and what is left to spend. */
export function getWallet(signal?: AbortSignal): Promise<Wallet> {
  return apiClient.get('/api/wallet', { signal });
}

export function getWalletQueryOptions() {
  return queryOptions({ queryKey: ['wallet'], queryFn: ({ signal }) => getWallet(signal) });
}

export function useWallet({ queryConfig }: { queryConfig?: QueryConfig<typeof getWalletQueryOptions> } = {}) {
  return useQuery({ ...getWalletQueryOptions(), ...queryConfig });
}
