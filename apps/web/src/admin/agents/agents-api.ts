import type { AdminAgentDetail, AdminAgentList, AgentCreateRequest } from '@kreyolcash/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminFetch } from '../api';
import { useListPages } from '../list-pages';

// Agents in the back office (GET/POST /api/admin/agents, GET /api/admin/agents/:id).

const ALL = ['admin', 'agents'] as const;

export function useAgents(comuna: string) {
  return useListPages<AdminAgentList>([...ALL, 'list', comuna], '/agents', comuna ? { comuna } : {});
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
