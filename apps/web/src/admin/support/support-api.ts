import type { AdminHelpQueue, AdminHelpRequestEnvelope, HelpRequestStatus } from '@kreyolcash/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminFetch } from '../api';
import { useListPages } from '../list-pages';

// The help-request queue's calls (GET/POST /api/admin/support/requests…).

const listKey = (status: HelpRequestStatus) => ['admin', 'support', 'list', status] as const;
const oneKey = (id: string) => ['admin', 'support', 'one', id] as const;

export function useHelpQueue(status: HelpRequestStatus) {
  return useListPages<AdminHelpQueue>(listKey(status), '/support/requests', { status });
}

export function useHelpRequest(id: string) {
  return useQuery({
    queryKey: oneKey(id),
    queryFn: () => adminFetch<AdminHelpRequestEnvelope>(`/support/requests/${encodeURIComponent(id)}`),
  });
}

export type HelpAction = { kind: 'answer'; resposta: string } | { kind: 'close' };

export function useActOnHelpRequest(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: HelpAction) =>
      adminFetch<AdminHelpRequestEnvelope>(`/support/requests/${encodeURIComponent(id)}/${action.kind}`, {
        method: 'POST',
        body: action.kind === 'answer' ? { resposta: action.resposta } : {},
      }),
    onSuccess: (data) => client.setQueryData(oneKey(id), data),
    // Answered or closed here or by someone else (409): the queue shows what is true now.
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'support', 'list'] }),
  });
}
