import type { AgentListing, AgentListingEnvelope, AgentListingList } from '@kreyolcash/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /api/agents?comuna=: the commune's agents taking customers (paused ones left out), by name. */
export function getAgentsOfCommune(comuna: string, signal?: AbortSignal): Promise<AgentListingList> {
  return apiClient.get('/api/agents', { query: { comuna }, signal });
}

export function useAgentsOfCommune(comuna: string) {
  return useQuery({
    queryKey: ['agents', 'commune', comuna],
    queryFn: ({ signal }): Promise<AgentListing[]> =>
      getAgentsOfCommune(comuna, signal).then((answer) => answer.agentes),
    // "Open now" changes with the clock: read again on each visit.
    staleTime: 0,
  });
}

/** GET /api/agents/:numero: one agent people can choose; anything else is agent_not_found. */
export function getAgentByNumber(numero: string, signal?: AbortSignal): Promise<AgentListing> {
  return apiClient
    .get<AgentListingEnvelope>(`/api/agents/${encodeURIComponent(numero)}`, { signal })
    .then((answer) => answer.agente);
}
