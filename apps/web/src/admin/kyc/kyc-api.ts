import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminFetch } from '../api';

export type ReviewStatus = 'pendente' | 'aprovada' | 'rejeitada';

type Person = {
  usuario_id: string;
  nome_completo: string;
  documento: string;
  data_nascimento: string;
  email: string;
  telefone: string;
};

export type QueueItem = Person & { id: string; enviado_em: string };

export type Review = Person & {
  id: string;
  status: ReviewStatus;
  motivo: string | null;
  enviado_em: string;
  decidido_em: string | null;
  operador_nome: string | null;
  foto_url: string;
  telefone_verificado: boolean;
  documento_aprovado_em: string | null;
  conta_criada_em: string;
};

export type EarlierReview = Pick<Review, 'id' | 'status' | 'motivo' | 'enviado_em' | 'decidido_em'>;

const QUEUE = ['admin', 'kyc', 'queue'] as const;
const reviewKey = (id: string) => ['admin', 'kyc', 'review', id] as const;

export function useKycQueue() {
  return useQuery({
    queryKey: QUEUE,
    queryFn: () => adminFetch<{ total: number; revisoes: QueueItem[] }>('/kyc'),
  });
}

export function useKycReview(id: string) {
  return useQuery({
    queryKey: reviewKey(id),
    queryFn: () => adminFetch<{ revisao: Review; anteriores: EarlierReview[] }>(`/kyc/${id}`),
  });
}

export type Decision = { kind: 'approve' } | { kind: 'reject'; motivo: string };

export function useDecide(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) =>
      decision.kind === 'approve'
        ? adminFetch(`/kyc/${id}/approve`, { method: 'POST' })
        : adminFetch(`/kyc/${id}/reject`, { method: 'POST', body: { motivo: decision.motivo } }),
    // Decided here or by someone else (409): the queue and this review show what is true now.
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'kyc'] }),
  });
}
