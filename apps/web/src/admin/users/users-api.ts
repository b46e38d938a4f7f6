import type { FreezeCategory } from '@kreyolcash/domain';
import { adminFetch, type OperatorRole } from '../api';

// The users area's calls and the shapes the server answers (GET /api/admin/users…, /movements/:id).

export type UserHit = {
  id: string;
  nome_completo: string;
  email: string;
  telefone: string;
  documento: string;
  status: string;
  congelado_em: string | null;
  saldo_centis: number;
};

export type MovementRow = {
  id: string;
  tipo: string;
  status: string;
  quantidade_centis: number;
  remetente_id: string | null;
  remetente_nome: string | null;
  destinatario_id: string | null;
  destinatario_nome: string | null;
  criado_em: string;
  sentido: 'credito' | 'debito' | null;
};
export type MovementsPage = { items: MovementRow[]; next_cursor: string | null };

export type AuditItem = {
  id: string;
  criado_em: string;
  operador_id: string | null;
  operador_nome: string | null;
  papel: string | null;
  acao: string;
  motivo: string | null;
};

export type UserPage = {
  usuario: {
    id: string;
    nome_completo: string;
    email: string;
    telefone: string;
    documento: string;
    data_nascimento: string;
    status: string;
    idioma: string;
    criado_em: string;
    email_confirmado_em: string | null;
    telefone_verificado_em: string | null;
    documento_aprovado_em: string | null;
    congelamento: {
      em: string;
      por: 'usuario' | 'operador';
      motivo: string | null;
      categoria: FreezeCategory | null;
      operador: { id: string; nome: string; email: string } | null;
    } | null;
  };
  saldo: { saldo_centis: number; reservado_centis: number; disponivel_centis: number };
  limites: {
    nivel: number;
    limites: {
      por_transferencia_centis: number;
      diario_centis: number;
      mensal_centis: number;
      saldo_max_centis: number;
    };
    usado_hoje_centis: number;
    usado_mes_centis: number;
  };
  movimentos: MovementsPage;
  sessoes: {
    id: string;
    criado_em: string;
    ultimo_uso_em: string;
    revogado_em: string | null;
    motivo_revogacao: string | null;
  }[];
  reclamacoes: {
    id: string;
    movimentacao_id: string;
    papel: 'pagador' | 'recebedor';
    quantidade_centis: number;
    status: string;
    criado_em: string;
  }[];
  auditoria: { items: AuditItem[]; next_cursor: string | null };
};

type BriefMovement = {
  id: string;
  tipo: string;
  status: string;
  quantidade_centis: number;
  criado_em: string;
};

export type MovementPage = {
  movimentacao: {
    id: string;
    tipo: string;
    status: string;
    quantidade_centis: number;
    observacoes: string | null;
    referente_a: string | null;
    motivo: string | null;
    ator: string | null;
    /** The operator the actor names (a reversal, an adjustment), by name and role. */
    ator_operador: { id: string; nome: string; papel: OperatorRole } | null;
    criado_em: string;
    concluido_em: string | null;
    expira_em: string | null;
    remetente_id: string | null;
    remetente_nome: string | null;
    remetente_email: string | null;
    destinatario_id: string | null;
    destinatario_nome: string | null;
    destinatario_email: string | null;
  };
  lancamentos: {
    id: string;
    conta_id: string;
    conta_tipo: string;
    titular_nome: string | null;
    valor_centis: number;
    saldo_anterior_centis: number;
    saldo_posterior_centis: number;
  }[];
  corrige: BriefMovement | null;
  corrigido_por: BriefMovement[];
  venda: {
    id: string;
    status: string;
    quantidade: number;
    preco_unitario_centis: number;
    total_centis: number;
    produto_nome: string;
    empresa_nome: string;
  } | null;
  reclamacao: {
    id: string;
    status: string;
    quantidade_centis: number;
    retido_centis: number;
    prazo_em: string;
  } | null;
};

export const searchUsers = (q: string) => adminFetch<{ items: UserHit[] }>('/users', { query: { q } });
export const fetchUser = (id: string) => adminFetch<UserPage>(`/users/${encodeURIComponent(id)}`);
export const fetchUserMovements = (id: string, cursor: string) =>
  adminFetch<MovementsPage>(`/users/${encodeURIComponent(id)}/movements`, { query: { cursor } });
export const fetchMovement = (id: string) => adminFetch<MovementPage>(`/movements/${encodeURIComponent(id)}`);
/** categoria: one of FREEZE_CATEGORIES to freeze, of UNFREEZE_CATEGORIES to unfreeze. */
export const setFrozen = (id: string, frozen: boolean, motivo: string, categoria: string) =>
  adminFetch(`/users/${encodeURIComponent(id)}/${frozen ? 'freeze' : 'unfreeze'}`, {
    method: 'POST',
    body: { motivo, categoria },
  });
