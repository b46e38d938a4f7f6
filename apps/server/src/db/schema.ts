import type {
  CodePurpose,
  DisputeKind,
  FreezeCategory,
  HelpRequestStatus,
  HelpSubject,
  Locale,
  MovementKind,
  MovementStatus,
  OperatorRole,
} from '@kreyolcash/domain';
import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

// Row types of every table, snake_case as in the database. Each migration that adds a table
// adds its type here.

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export type AuditLogTable = {
  id: Generated<number>;
  actor_id: string | null;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, never>;
  criado_em: CreatedAt;
};

export type OutboxChannel = 'whatsapp' | 'email';
export type OutboxStatus = 'pending' | 'sent' | 'failed';

export type OutboxMessagesTable = {
  id: Generated<number>;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  /** Template key; the worker renders it with `params` in `idioma`. */
  template: string | null;
  params: ColumnType<Record<string, unknown>, string | undefined, never>;
  idioma: Generated<Locale>;
  /** Text written by the caller (when there is no template). */
  text: string | null;
  html: string | null;
  purpose: string;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  lease_until: Date | null;
  last_error: string | null;
  created_at: CreatedAt;
  sent_at: Date | null;
  referencia: Generated<string | null>;
};

export type Gender = 'M' | 'F' | 'OUTRO';

export type UsuariosTable = {
  id: Generated<string>;
  nome_completo: string;
  pais: Generated<string>;
  documento: string;
  tipo_documento: Generated<string>;
  document_photo_key: string;
  profile_photo_key: string | null;
  email: string;
  telefone: string;
  /** YYYY-MM-DD: dates are kept as text on the way out, never shifted by a time zone. */
  data_nascimento: string;
  sexo: Gender;
  status: Generated<string>;
  email_confirmado_em: Date | null;
  /** When the sign-up phone was proven by a WhatsApp code; null until then. */
  telefone_verificado_em: Date | null;
  criado_em: CreatedAt;
  /** 8 characters, given by the database at insert (kc_novo_codigo_indicacao). */
  codigo_indicacao: Generated<string>;
  /** The inviter whose referral code the user signed up with. */
  indicado_por: Generated<string | null>;
  /** The language the person reads (app, WhatsApp, e-mail). */
  idioma: Generated<Locale>;
  /** Level 2: compliance approved the document photo. */
  documento_aprovado_em: Generated<Date | null>;
  /** A frozen account sends nothing; who froze it and why. */
  congelado_em: Generated<Date | null>;
  congelado_por: Generated<'usuario' | 'operador' | null>;
  congelado_motivo: Generated<string | null>;
  /** The category of an operator's freeze, which the person is told (null for their own). */
  congelado_categoria: Generated<FreezeCategory | null>;
};

export type CredenciaisTable = { user_id: string; password_hash: string; atualizado_em: Generated<Date> };

export type SessoesTable = {
  id: Generated<string>;
  user_id: string;
  criado_em: CreatedAt;
  ultimo_uso_em: Generated<Date>;
  revogado_em: Date | null;
  motivo_revogacao: string | null;
};

export type RefreshTokensTable = {
  token_hash: string;
  session_id: string;
  criado_em: CreatedAt;
  expira_em: Date;
  rotacionado_em: Date | null;
  /** Set when a retry of its predecessor replaced it unused (identity/sessions.service.ts). */
  retirado_em: Date | null;
};

export type EmailTokenPurpose = 'email_confirmation' | 'password_reset';

export type TokensEmailTable = {
  token_hash: string;
  user_id: string;
  finalidade: EmailTokenPurpose;
  expira_em: Date;
  usado_em: Date | null;
  criado_em: CreatedAt;
};

export type ContasTable = {
  /** A user's account has the user's id; the system's accounts have fixed ids. */
  id: string;
  tipo: 'usuario' | 'emissor' | 'taxas' | 'garantia' | 'agente';
  user_id: string | null;
  saldo_centis: Generated<number>;
  reservado_centis: Generated<number>;
  atualizado_em: Generated<Date>;
};

export type MovimentacoesTable = {
  id: Generated<string>;
  tipo: MovementKind;
  status: MovementStatus;
  /** The people, for statements; null = the system (issuer, corrections). */
  remetente_id: string | null;
  destinatario_id: string | null;
  conta_debito: string;
  conta_credito: string;
  quantidade_centis: number;
  observacoes: string | null;
  /** What a reversal or an adjustment corrects, why, and who decided it. */
  referente_a: string | null;
  motivo: string | null;
  ator: string | null;
  criado_em: CreatedAt;
  concluido_em: Date | null;
  expira_em: Date | null;
  /** A held movement's policy (migration 0010): who confirms it (null: a code sent to the payer)… */
  confirmador_id: string | null;
  /** …whether it counts in the payer's sending limits and daily total… */
  nos_limites: Generated<boolean>;
  /** …and whether its expiry (expira_em) posts it rather than voids it. */
  posta_ao_expirar: Generated<boolean>;
  /**
   * A code-confirmed hold's code (migration 0026): its keyed hash (null for every other movement)
   * and the wrong attempts at it. It expires with the movement and is spent when the movement
   * leaves 'pendente'.
   */
  codigo_hash: string | null;
  codigo_tentativas: Generated<number>;
};

/** A view: each pending movement's hold on its paying account (migration 0028). */
export type RetencoesView = {
  movimentacao_id: string;
  conta_id: string;
  quantidade_centis: number;
  criado_em: Date;
};

/** A leg of a movement with several (migration 0011); a movement without rows is its own single leg. */
export type PernasTable = {
  movimentacao_id: string;
  numero: number;
  conta_debito: string;
  conta_credito: string;
  quantidade_centis: number;
};

/** What a payer sent on one Haiti calendar day (transfers and purchases, pending or posted). */
export type EnviosDiariosTable = {
  usuario_id: string;
  dia: Date;
  enviado_centis: number;
};

export type LancamentosTable = {
  id: Generated<number>;
  movimentacao_id: string;
  conta_id: string;
  /** Credit positive, debit negative. */
  valor_centis: number;
  saldo_anterior_centis: number;
  saldo_posterior_centis: number;
  criado_em: CreatedAt;
};

export type LotesTable = {
  id: Generated<string>;
  user_id: string;
  movimentacao_id: string;
  quantidade_centis: number;
  origem: 'cadastro' | 'bonus';
  ativo: Generated<boolean>;
  criado_em: CreatedAt;
};

export type EmpresasTable = {
  id: Generated<string>;
  responsavel_id: string;
  nome: string;
  descricao: string;
  categoria: string;
  telefone: string | null;
  email: string | null;
  status: Generated<'ATIVA' | 'INATIVA' | 'SUSPENSA'>;
  created_at: CreatedAt;
};

export type ProdutosTable = {
  id: Generated<string>;
  empresa_id: string;
  nome: string;
  descricao: string;
  categoria: string;
  preco_centis: number;
  /** null: the seller does not count stock. */
  estoque: number | null;
  status: Generated<'ATIVO' | 'INATIVO' | 'ESGOTADO'>;
  created_at: CreatedAt;
  /** Units held by pending purchases: what can still be bought is estoque − estoque_reservado. */
  estoque_reservado: Generated<number>;
};

export type VendasTable = {
  id: Generated<string>;
  empresa_id: string;
  comprador_id: string;
  vendedor_id: string;
  produto_id: string;
  quantidade: number;
  preco_unitario_centis: number;
  total_centis: number;
  status: Generated<'PENDENTE' | 'CONFIRMADA' | 'CANCELADA' | 'CONCLUIDA'>;
  movimentacao_id: string | null;
  criado_em: CreatedAt;
  atualizado_em: Generated<Date>;
};

export type SaldosView = {
  user_id: string;
  saldo_centis: number;
  reservado_centis: number;
  disponivel_centis: number;
};

export type CodigosVerificacaoTable = {
  sujeito_id: string;
  finalidade: CodePurpose;
  user_id: string;
  telefone: string;
  codigo_hash: string;
  expira_em: Date;
  tentativas: Generated<number>;
  usado_em: Date | null;
  criado_em: CreatedAt;
};

export type IdempotencyKeysTable = {
  user_id: string;
  chave: string;
  request_hash: string;
  resposta: unknown;
  criado_em: CreatedAt;
};

export type DB = {
  audit_log: AuditLogTable;
  outbox_messages: OutboxMessagesTable;
  usuarios: UsuariosTable;
  credenciais: CredenciaisTable;
  sessoes: SessoesTable;
  refresh_tokens: RefreshTokensTable;
  tokens_email: TokensEmailTable;
  kreyolcash_contas: ContasTable;
  kreyolcash_movimentacoes: MovimentacoesTable;
  kreyolcash_retencoes: RetencoesView;
  kreyolcash_envios_diarios: EnviosDiariosTable;
  kreyolcash_lancamentos: LancamentosTable;
  kreyolcash_pernas: PernasTable;
  kreyolcash_lotes: LotesTable;
  vw_saldos_kreyolcash: SaldosView;
  empresas: EmpresasTable;
  produtos: ProdutosTable;
  vendas: VendasTable;
  codigos_verificacao: CodigosVerificacaoTable;
  idempotency_keys: IdempotencyKeysTable;
  mudancas_telefone: MudancasTelefoneTable;
  indicacoes: IndicacoesTable;
  identidades_vistas: IdentidadesVistasTable;
  identidades_premiadas: IdentidadesPremiadasTable;
  consultas_destinatario: ConsultasDestinatarioTable;
  operadores: OperadoresTable;
  operador_sessoes: OperadorSessoesTable;
  auditoria: AuditoriaTable;
  revisoes_documento: RevisoesDocumentoTable;
  reclamacoes: ReclamacoesTable;
  ajustes_propostos: AjustesPropostosTable;
  verificacoes_razao: VerificacoesRazaoTable;
  pedidos_ajuda: PedidosAjudaTable;
  agentes: AgentesTable;
  tarifas: TarifasTable;
  tarifa_faixas: TarifaFaixasTable;
  operacoes_float: OperacoesFloatTable;
  cotacao_htg: CotacaoHtgTable;
  cotacoes_htg: CotacoesHtgTable;
};

// Float issued to agents and redeemed from them, under four eyes (migration 0016).
/** The ₭/HTG rate in force, one row (migration 0018). */
export type CotacaoHtgTable = {
  unica: Generated<boolean>;
  htg_por_kc_bp: number;
  atualizado_em: Generated<Date>;
};

/** Each rate in force, from when (migration 0038, kept by a trigger on cotacao_htg). */
export type CotacoesHtgTable = {
  desde: Date;
  htg_por_kc_bp: number;
};

export type OperacoesFloatTable = {
  id: Generated<string>;
  tipo: 'emissao' | 'resgate';
  agente_id: string;
  quantidade_centis: number;
  referencia: string;
  /** YYYY-MM-DD, an issuance's only. */
  data_deposito: string | null;
  proposto_por: string;
  status: Generated<'proposto' | 'aprovado' | 'rejeitado'>;
  decidido_por: string | null;
  decidido_em: Date | null;
  decisao_motivo: string | null;
  movimentacao_id: string | null;
  criado_em: CreatedAt;
};

// The published fees, one table of bands per operation (migration 0014, packages/domain/src/fees.ts).
export type TarifasTable = {
  operacao: string;
  atualizado_em: Generated<Date>;
  atualizado_por: string | null;
};

export type TarifaFaixasTable = {
  operacao: string;
  de_centis: number;
  ate_centis: number;
  fixa_centis: number;
  percentual_bp: number;
  comissao_bp: number;
};

// Agents and their float accounts (migration 0013).
export type AgentesTable = {
  id: Generated<string>;
  usuario_id: string;
  /** Given by the database, in order from 10001. */
  numero: GeneratedAlways<number>;
  conta_id: string;
  nome_comercial: string;
  comuna: string;
  endereco: string;
  /** AgentHours of the domain, written as its JSON text. */
  horario: ColumnType<Record<string, { abre: string; fecha: string }[]>, string, string>;
  pausado_em: Generated<Date | null>;
  criado_em: CreatedAt;
  criado_por: string;
};

// A person's help request and support's answer (migration 0008).
export type PedidosAjudaTable = {
  id: Generated<string>;
  usuario_id: string;
  assunto: HelpSubject;
  texto: string;
  /** One of the person's own movements, when the request is about it. */
  movimentacao_id: string | null;
  status: Generated<HelpRequestStatus>;
  resposta: Generated<string | null>;
  respondido_por: Generated<string | null>;
  respondido_em: Generated<Date | null>;
  fechado_por: Generated<string | null>;
  fechado_em: Generated<Date | null>;
  criado_em: CreatedAt;
};

// Payees an account looked up (pay by phone): at most a few distinct ones per 24 hours.
export type ConsultasDestinatarioTable = {
  usuario_id: string;
  identidade: string;
  consultado_em: Generated<Date>;
};

export type PhoneChangeStep = 'verify_current' | 'verify_new' | 'done' | 'cancelled';

export type MudancasTelefoneTable = {
  id: string;
  user_id: string;
  telefone_anterior: string;
  novo_telefone: string;
  /** Each open step's code is in codigos_verificacao (subject: this id; purpose: the step). */
  etapa: PhoneChangeStep;
  criado_em: CreatedAt;
  atualizado_em: Generated<Date>;
};

export type IndicacoesTable = {
  id: Generated<string>;
  inviter_id: string;
  nome: string;
  /** null when the friend came through the link without a WhatsApp invitation. */
  telefone: string | null;
  origem: 'whatsapp' | 'link';
  criado_em: Generated<Date>;
  convidado_id: string | null;
  bonus_pago_em: Date | null;
  movimentacao_id: string | null;
};

export type IdentidadesVistasTable = {
  hash: string;
  tipo: 'nif' | 'email' | 'telefone';
  /** The first account that had this NIF, e-mail or phone; null once that account is gone. */
  user_id: string | null;
  criado_em: CreatedAt;
};

/** A NIF or phone that earned a referral bonus: never another one (the hash is the primary key). */
export type IdentidadesPremiadasTable = {
  hash: string;
  tipo: 'nif' | 'telefone';
  indicacao_id: string;
  criado_em: CreatedAt;
};

// The back office (migration 0006).
export type OperadoresTable = {
  id: Generated<string>;
  email: string;
  nome: string;
  papel: OperatorRole;
  senha_hash: string;
  totp_segredo: string;
  totp_ultimo_passo: Generated<number>;
  ativo: Generated<boolean>;
  criado_em: CreatedAt;
};

export type OperadorSessoesTable = {
  id: Generated<string>;
  operador_id: string;
  token_hash: string;
  criado_em: CreatedAt;
  ultimo_uso_em: Generated<Date>;
  expira_em: Date;
  revogado_em: Date | null;
  endereco: string | null;
};

export type AuditoriaTable = {
  id: Generated<number>;
  criado_em: CreatedAt;
  operador_id: string | null;
  papel: string | null;
  acao: string;
  alvo_tipo: string;
  alvo_id: string;
  usuario_id: string | null;
  antes: ColumnType<unknown, string | null | undefined, never>;
  depois: ColumnType<unknown, string | null | undefined, never>;
  motivo: string | null;
};

export type RevisoesDocumentoTable = {
  id: Generated<string>;
  user_id: string;
  document_photo_key: string;
  status: Generated<'pendente' | 'aprovada' | 'rejeitada'>;
  motivo: string | null;
  operador_id: string | null;
  criado_em: CreatedAt;
  decidido_em: Date | null;
};

export type ReclamacoesTable = {
  id: Generated<string>;
  movimentacao_id: string;
  pagador_id: string;
  recebedor_id: string;
  quantidade_centis: number;
  conta_retida: string | null;
  retido_centis: Generated<number>;
  /** Why the payer disputes the movement (migrations 0012, 0017). */
  tipo: Generated<DisputeKind>;
  status: Generated<'aberta' | 'estornada' | 'reembolsada' | 'liberada' | 'rejeitada' | 'expirada'>;
  /** What a refund gave back. */
  reembolso_centis: number | null;
  descricao: string | null;
  decisao_motivo: string | null;
  operador_id: string | null;
  estorno_id: string | null;
  criado_em: CreatedAt;
  prazo_em: Date;
  decidido_em: Date | null;
};

export type AjustesPropostosTable = {
  id: Generated<string>;
  user_id: string;
  quantidade_centis: number;
  motivo: string;
  referencia: string;
  proposto_por: string;
  status: Generated<'proposto' | 'aprovado' | 'rejeitado'>;
  decidido_por: string | null;
  decidido_em: Date | null;
  decisao_motivo: string | null;
  movimentacao_id: string | null;
  criado_em: CreatedAt;
};

export type VerificacoesRazaoTable = {
  id: Generated<number>;
  criado_em: CreatedAt;
  ok: boolean;
  relatorio: ColumnType<unknown, string, never>;
};
