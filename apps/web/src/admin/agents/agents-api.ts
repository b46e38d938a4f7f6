import type { AdminAgentDetail, AdminAgentList, AgentCreateRequest } from '@kreyolcash/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminFetch } from '../api';

// Agents in the back office (GET/POST /api/admin/agents, GET /api/admin/agents/:id).

const ALL = ['admin', 'agents'] as const;

export function useAgents(comuna: string) {
  return useQuery({
    queryKey: [...ALL, 'list', comuna],
    queryFn: () => adminFetch<AdminAgentList>('/agents', { query: { comuna } }),
  });
}

export function useAgent(id: string) {
  return useQuery({
    queryKey: [...ALL, 'one', id],
    queryFn: () => adminFetch<AdminAgentDetail>(`/agents/${encodeURIComponent(id)}`),
  });
}

export function useCreateAgent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentCreateRequest) =>
      adminFetch<AdminAgentDetail>('/agents', { method: 'POST', body }),
    onSuccess: (detail) => {
      client.setQueryData([...ALL, 'one', detail.agente.id], detail);
      return client.invalidateQueries({ queryKey: [...ALL, 'list'] });
    },
  });
}
