import type { HelpRequestStatus, HelpSubject } from '@kreyolcash/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminFetch } from '../api';

// The help-request queue's calls (GET/POST /api/admin/support/requests…).

export const HELP_STATUSES: readonly HelpRequestStatus[] = ['aberto', 'respondido', 'fechado'];

export type QueuedHelpRequest = {
  id: string;
  assunto: HelpSubject;
  texto: string;
  status: HelpRequestStatus;
  criado_em: string;
  usuario_id: string;
  nome_completo: string;
  telefone: string;
  congelado: boolean;
};

export type HelpRequestDetail = {
  id: string;
  assunto: HelpSubject;
  texto: string;
  status: HelpRequestStatus;
  resposta: string | null;
  criado_em: string;
  respondido_em: string | null;
  respondido_por_nome: string | null;
  fechado_em: string | null;
  fechado_por_nome: string | null;
  usuario: {
    id: string;
    nome_completo: string;
    email: string;
    telefone: string;
    idioma: string;
    congelado: boolean;
  };
  movimentacao: {
    id: string;
    tipo: string;
    status: string;
    quantidade_centis: number;
    criado_em: string;
  } | null;
};

const listKey = (status: HelpRequestStatus) => ['admin', 'support', 'list', status] as const;
const oneKey = (id: string) => ['admin', 'support', 'one', id] as const;

export function useHelpQueue(status: HelpRequestStatus) {
  return useQuery({
    queryKey: listKey(status),
    queryFn: () =>
      adminFetch<{ total: number; pedidos: QueuedHelpRequest[] }>('/support/requests', { query: { status } }),
  });
}

export function useHelpRequest(id: string) {
  return useQuery({
    queryKey: oneKey(id),
    queryFn: () => adminFetch<{ pedido: HelpRequestDetail }>(`/support/requests/${encodeURIComponent(id)}`),
  });
}

export type HelpAction = { kind: 'answer'; resposta: string } | { kind: 'close' };

export function useActOnHelpRequest(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: HelpAction) =>
      adminFetch<{ pedido: HelpRequestDetail }>(
        `/support/requests/${encodeURIComponent(id)}/${action.kind}`,
        {
          method: 'POST',
          body: action.kind === 'answer' ? { resposta: action.resposta } : {},
        },
      ),
    onSuccess: (data) => client.setQueryData(oneKey(id), data),
    // Answered or closed here or by someone else (409): the queue shows what is true now.
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'support', 'list'] }),
  });
}
