import type { RecentPayeeList } from '@kreyolcash/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * GET /api/transfers/recent-payees: the last distinct people paid, most recent first; one tap pays
 * one again (by id, never by a typed identity).
 */
export function getRecentPayees(signal?: AbortSignal): Promise<RecentPayeeList> {
  return apiClient.get('/api/transfers/recent-payees', { signal });
}

export function useRecentPayees() {
  return useQuery({
    // Under ['wallet'], so a posted transfer reads it again.
    queryKey: ['wallet', 'recent-payees'],
    queryFn: ({ signal }) => getRecentPayees(signal).then((answer) => answer.items),
  });
}
