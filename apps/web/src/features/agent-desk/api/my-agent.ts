import type { ExchangeRateResponse, MyAgent } from '@kreyolcash/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /api/me/agent: the caller's listing and their float; 404 agent_not_found for anyone else. */
export function getMyAgentQueryOptions() {
  return queryOptions({
    queryKey: ['agent-desk', 'me'],
    queryFn: ({ signal }) => apiClient.get<MyAgent>('/api/me/agent', { signal }),
    // Not being an agent is an answer, not a hiccup: asking again would only delay saying so.
    retry: false,
  });
}

export function useMyAgent({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getMyAgentQueryOptions(), enabled });
}

/** GET /api/fees/rate: what one ₭ is worth in gourdes (the operator's setting). */
export function useExchangeRate({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['agent-desk', 'rate'],
    queryFn: ({ signal }) => apiClient.get<ExchangeRateResponse>('/api/fees/rate', { signal }),
    enabled,
  });
}

/** POST /api/me/agent/pause or /resume: takes the listing down or puts it back. */
export function useSetListingPaused() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paused: boolean) =>
      apiClient.post<MyAgent>(`/api/me/agent/${paused ? 'pause' : 'resume'}`, {}),
    onSuccess: (agent) => queryClient.setQueryData(getMyAgentQueryOptions().queryKey, agent),
  });
}
