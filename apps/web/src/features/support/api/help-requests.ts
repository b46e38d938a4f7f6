import type { HelpRequest, HelpRequestList, HelpSubject } from '@kreyolcash/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export type NewHelpRequest = { assunto: HelpSubject; texto: string; movimentacao_id: string | null };

export function getHelpRequestsQueryOptions() {
  return queryOptions({
    queryKey: ['support', 'requests'],
    queryFn: ({ signal }): Promise<HelpRequestList> => apiClient.get('/api/support/requests', { signal }),
    // An answer can arrive at any time: opening the screen always asks again.
    staleTime: 0,
  });
}

export function useHelpRequests({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getHelpRequestsQueryOptions(), enabled });
}

/** POST /api/support/requests; the list shows the new request at once. */
export function useSendHelpRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: NewHelpRequest): Promise<HelpRequest> =>
      apiClient.post('/api/support/requests', request),
    onSuccess: (created) => {
      queryClient.setQueryData(getHelpRequestsQueryOptions().queryKey, (list) =>
        list ? { pedidos: [created, ...list.pedidos] } : { pedidos: [created] },
      );
    },
  });
}
