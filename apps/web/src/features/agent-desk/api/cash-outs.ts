import type { HeldCashOutList } from '@kreyolcash/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { useRefreshDesk } from './refresh-desk';

// A customer may confirm a cash-out while the agent looks at the list: it is read again this often.
const WAITING_REFRESH_MS = 15_000;

/** GET /api/me/agent/cash-outs: the cash-outs waiting for this agent to hand the cash over. */
export function useWaitingCashOuts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['agent-desk', 'cash-outs'],
    queryFn: ({ signal }) => apiClient.get<HeldCashOutList>('/api/me/agent/cash-outs', { signal }),
    enabled,
    staleTime: 0,
    refetchInterval: WAITING_REFRESH_MS,
  });
}

/** POST /api/me/agent/cash-outs/:id/hand-over: the cash was given; the cash-out posts to the float. */
export function useHandOver() {
  const refresh = useRefreshDesk();
  return useMutation({
    mutationFn: (movementId: string) =>
      apiClient.post(`/api/me/agent/cash-outs/${encodeURIComponent(movementId)}/hand-over`, {}),
    // Handed over, or gone meanwhile (expired, cancelled): the list and the float say which.
    onSettled: refresh,
  });
}
