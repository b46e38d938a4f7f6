import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminFetch } from '../api';

export type ReportStatus = 'aberta' | 'estornada' | 'rejeitada' | 'expirada';
export const REPORT_STATUSES: readonly ReportStatus[] = ['aberta', 'estornada', 'rejeitada', 'expirada'];

type Person = { id: string; nome: string; email: string; telefone: string };

export type Report = {
  id: string;
  movimentacao_id: string;
  status: ReportStatus;
  quantidade_centis: number;
  retido_centis: number;
  descricao: string | null;
  decisao_motivo: string | null;
  operador_nome: string | null;
  estorno_id: string | null;
  criado_em: string;
  prazo_em: string;
  decidido_em: string | null;
  transferencia_em: string;
  pagador: Person;
  recebedor: Person;
};

const listKey = (status: ReportStatus) => ['admin', 'reports', 'list', status] as const;
const reportKey = (id: string) => ['admin', 'reports', 'one', id] as const;

export function useReports(status: ReportStatus) {
  return useQuery({
    queryKey: listKey(status),
    queryFn: () => adminFetch<{ reclamacoes: Report[] }>('/reports', { query: { status } }),
  });
}

export function useReport(id: string) {
  return useQuery({
    queryKey: reportKey(id),
    queryFn: () => adminFetch<{ reclamacao: Report }>(`/reports/${id}`),
  });
}

export type Decision = { kind: 'reverse' | 'reject'; motivo: string };

export function useDecideReport(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) =>
      adminFetch<{ reclamacao: Report }>(`/reports/${id}/${decision.kind}`, {
        method: 'POST',
        body: { motivo: decision.motivo },
      }),
    // Decided here or by someone else (409): the queue and this page show what is true now.
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'reports'] }),
  });
}
