import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminFetch } from '../api';

export type CompanyStatus = 'ATIVA' | 'SUSPENSA' | 'INATIVA';
export type ProductStatus = 'ATIVO' | 'INATIVO' | 'ESGOTADO';

export type Company = {
  id: string;
  nome: string;
  descricao: string;
  categoria: string;
  status: CompanyStatus;
  telefone: string | null;
  email: string | null;
  created_at: string;
  dono_id: string;
  dono_nome: string;
  dono_email: string;
  compras_pendentes: number;
};

export type Product = {
  id: string;
  nome: string;
  preco_centis: number;
  estoque: number | null;
  estoque_reservado: number;
  status: ProductStatus;
};

export type ModerationResult = { status: string; status_anterior: string; compras_anuladas: number };

const ALL = ['admin', 'moderation'] as const;

export function useCompanySearch(q: string) {
  return useQuery({
    queryKey: [...ALL, 'search', q],
    queryFn: () => adminFetch<{ items: Company[] }>('/companies', { query: { q } }),
  });
}

export function useCompany(id: string) {
  return useQuery({
    queryKey: [...ALL, 'company', id],
    queryFn: () => adminFetch<{ empresa: Company; produtos: Product[] }>(`/companies/${id}`),
  });
}

/** `/companies/:id/suspend`, `/products/:id/deactivate`…, with the reason. */
export function useModerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (p: { path: string; motivo: string }) =>
      adminFetch<ModerationResult>(p.path, { method: 'POST', body: { motivo: p.motivo } }),
    onSettled: () => client.invalidateQueries({ queryKey: ALL }),
  });
}
