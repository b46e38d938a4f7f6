import type { AgentDay } from '@kreyolcash/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /api/me/agent/day?dia=YYYY-MM-DD: the agent's own day, in Haiti's calendar. */
export function useAgentDay(day: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['agent-desk', 'day', day],
    queryFn: ({ signal }) => apiClient.get<AgentDay>('/api/me/agent/day', { query: { dia: day }, signal }),
    enabled,
    staleTime: 0,
  });
}
