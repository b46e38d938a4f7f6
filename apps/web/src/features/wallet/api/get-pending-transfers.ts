import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** A transfer of the caller's still waiting for its code: it can be resumed or cancelled. */
export type WaitingTransfer = {
  movimentacao_id: string;
  quantidade_centis: number;
  destinatario_nome: string;
  destinatario_email: string;
  observacoes: string | null;
  criado_em: string;
  expira_em: string | null;
};

/** GET /api/transfers/pending: the caller's transfers waiting for their code, newest first. */
export function getPendingTransfers(signal?: AbortSignal): Promise<{ items: WaitingTransfer[] }> {
  return apiClient.get('/api/transfers/pending', { signal });
}

export function getPendingTransfersQueryOptions() {
  return queryOptions({
    // Under ['wallet'], so every ledger change (a cancel, a post, an expiry) reads it again.
    queryKey: ['wallet', 'pending-transfers'],
    queryFn: ({ signal }) => getPendingTransfers(signal).then((answer) => answer.items),
    staleTime: 0,
  });
}

export function usePendingTransfers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getPendingTransfersQueryOptions(), enabled });
}
