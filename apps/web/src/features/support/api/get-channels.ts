import type { SupportChannels } from '@kreyolcash/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /api/support/channels: how to reach support, as the operator configured it (null: not shown). */
export function getSupportChannelsQueryOptions() {
  return queryOptions({
    queryKey: ['support', 'channels'],
    queryFn: ({ signal }): Promise<SupportChannels> => apiClient.get('/api/support/channels', { signal }),
    // The operator changes them with a restart: once per visit is enough.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSupportChannels() {
  return useQuery(getSupportChannelsQueryOptions());
}
