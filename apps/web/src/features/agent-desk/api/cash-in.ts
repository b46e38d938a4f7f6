import type { CashInRequest, HeldCashInList, StartedCashIn } from '@kreyolcash/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { useRefreshDesk } from './refresh-desk';

// The agent's cash-in (docs/agents.md): the float's money is held at the start, so every step's
// end (done, refused, cancelled) changes the float and the day: both are read again.

/** POST /api/me/agent/cash-ins: holds the amount and sends the agent their code by WhatsApp. */
export function useStartCashIn() {
  const refresh = useRefreshDesk();
  return useMutation({
    mutationFn: (body: CashInRequest) => apiClient.post<StartedCashIn>('/api/me/agent/cash-ins', body),
    onSettled: refresh,
  });
}

// A waiting cash-in's code lives ten minutes: the list is read again this often, so one that ran
// out (voided by the server) leaves it.
const WAITING_REFRESH_MS = 30_000;

/** GET /api/me/agent/cash-ins: the cash-ins still waiting for the agent's code (after a reload). */
export function useWaitingCashIns() {
  return useQuery({
    queryKey: ['agent-desk', 'cash-ins'],
    queryFn: ({ signal }) => apiClient.get<HeldCashInList>('/api/me/agent/cash-ins', { signal }),
    staleTime: 0,
    refetchInterval: WAITING_REFRESH_MS,
  });
}

export type ConfirmCashInRequest = { movementId: string; codigo: string };

/** POST /api/me/agent/cash-ins/:id/confirm: the agent's code posts it; the customer has the money. */
export function useConfirmCashIn() {
  const refresh = useRefreshDesk();
  return useMutation({
    mutationFn: ({ movementId, codigo }: ConfirmCashInRequest) =>
      apiClient.post(`/api/me/agent/cash-ins/${encodeURIComponent(movementId)}/confirm`, { codigo }),
    onSettled: refresh,
  });
}

/** POST /api/me/agent/cash-ins/:id/cancel: the float's money is free again. */
export function cancelCashIn(movementId: string): Promise<unknown> {
  return apiClient.post(`/api/me/agent/cash-ins/${encodeURIComponent(movementId)}/cancel`, {});
}

export function useCancelCashIn() {
  const refresh = useRefreshDesk();
  return useMutation({ mutationFn: cancelCashIn, onSettled: refresh });
}
