import type { Identity } from '@kreyolcash/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /api/me/identity: the verification level and the newest document review. */
export function getIdentityQueryOptions() {
  return queryOptions({
    queryKey: ['identity'],
    queryFn: ({ signal }): Promise<Identity> => apiClient.get('/api/me/identity', { signal }),
  });
}

export function useIdentity({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getIdentityQueryOptions(), enabled });
}
