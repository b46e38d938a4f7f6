import type {
  CashOutConfirmation,
  CashOutRequest,
  HeldCashOut,
  HeldCashOutList,
  Ok,
  StartedCashOut,
} from '@kreyolcash/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

// The customer's cash-outs (docs/agents.md, "Cash-out"). Their queries sit under ['wallet'], so a
// ledger change (a hold, a hand-over, an expiry) reads them again with the balance.
const pendingKey = ['wallet', 'pending-cash-outs'];

/** POST /api/cash-outs: the quote and a code to the customer's WhatsApp; nothing is held yet. */
export function startCashOut(body: CashOutRequest): Promise<StartedCashOut> {
  return apiClient.post('/api/cash-outs', body);
}

export type ConfirmCashOutRequest = { requestId: string } & CashOutConfirmation;

/** POST /api/cash-outs/:pedido_id/confirm: the code and the terms seen hold amount + fee. */
export function confirmCashOut({ requestId, ...body }: ConfirmCashOutRequest): Promise<HeldCashOut> {
  return apiClient.post(`/api/cash-outs/${encodeURIComponent(requestId)}/confirm`, body);
}

/** GET /api/cash-outs/pending: the caller's cash-outs waiting for their agent, oldest first. */
export function getPendingCashOuts(signal?: AbortSignal): Promise<HeldCashOutList> {
  return apiClient.get('/api/cash-outs/pending', { signal });
}

export function getPendingCashOutsQueryOptions() {
  return queryOptions({
    queryKey: pendingKey,
    queryFn: ({ signal }) => getPendingCashOuts(signal).then((answer) => answer.saques),
    staleTime: 0,
  });
}

export function usePendingCashOuts() {
  return useQuery(getPendingCashOutsQueryOptions());
}

/** POST /api/cash-outs/:id/cancel: the amount and fee are free again. */
export function cancelCashOut(movementId: string): Promise<Ok> {
  return apiClient.post(`/api/cash-outs/${encodeURIComponent(movementId)}/cancel`);
}

/** Every mutation here moves what the wallet has free: the balance and the list are read again. */
function useRefreshWallet() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['wallet'] });
}

export function useStartCashOut() {
  return useMutation({ mutationFn: startCashOut });
}

export function useConfirmCashOut() {
  const refresh = useRefreshWallet();
  return useMutation({ mutationFn: confirmCashOut, onSettled: refresh });
}

export function useCancelCashOut() {
  const refresh = useRefreshWallet();
  return useMutation({ mutationFn: cancelCashOut, onSettled: refresh });
}
