import type { CurrentPhoneChange, PhoneChange } from '@kreyolcash/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** GET /api/me/phone-change: the change in progress, so a reload resumes it; null when none. */
export async function getPhoneChange(signal?: AbortSignal): Promise<PhoneChange | null> {
  const answer = await apiClient.get<CurrentPhoneChange>('/api/me/phone-change', { signal });
  return answer.change;
}

export function getPhoneChangeQueryOptions() {
  return queryOptions({
    queryKey: ['me', 'phone-change'],
    queryFn: ({ signal }) => getPhoneChange(signal),
    // The flow's state is the server's: never show a stale step.
    staleTime: 0,
  });
}

export function usePhoneChange({
  queryConfig,
}: {
  queryConfig?: QueryConfig<typeof getPhoneChangeQueryOptions>;
} = {}) {
  return useQuery({ ...getPhoneChangeQueryOptions(), ...queryConfig });
}
