import type { LimitStatus } from '@kreyolcash/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** GET /api/me/limits: the verification level, its limits, and what is used of them. */
export function getLimits(signal?: AbortSignal): Promise<LimitStatus> {
  return apiClient.get('/api/me/limits', { signal });
}

export function getLimitsQueryOptions() {
  return queryOptions({ queryKey: ['limits'], queryFn: ({ signal }) => getLimits(signal) });
}

export function useLimits({ queryConfig }: { queryConfig?: QueryConfig<typeof getLimitsQueryOptions> } = {}) {
  return useQuery({ ...getLimitsQueryOptions(), ...queryConfig });
}
