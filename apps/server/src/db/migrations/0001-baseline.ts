import { type Kysely, sql } from 'kysely';

// The whole schema as one baseline: tables, constraints, indexes and views only. The functions
// (every kc_* of the ledger, the codes and the referrals) live in src/ledger/sql/ and are applied
// after the versioned migrations whenever their text changes (src/ledger/definitions.ts).
//
// Migrations 0001–0011 of the first sessions were squashed into this one before anything was
// deployed (docs/decisions.md, "Ledger core").
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [...FOUNDATION, ...ACCOUNTS, ...LEDGER, ...MARKETPLACE, ...PROFILE]) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('the baseline is not reversible: restore a backup instead');
}

const FOUNDATION = [
  // Append-only record of security-relevant events (sign-ins, money movements, profile changes).
  `create table audit_log (
     id bigint generated always as identity primary key,
     actor_id uuid,
     action text not null,
     subject_type text,
     subject_id text,
     details jsonb not null default '{}'::jsonb,
     criado_em timestamptz not null default now()
   )`,
  'create index audit_log_actor_idx on audit_log (actor_id, criado_em)',

  // Outgoing WhatsApp messages and e-mails, written in the transaction of the change that causes
  // them, so a message exists if and only if that change committed; a worker delivers them.
  `create table outbox_messages (
     id bigint generated always as identity primary key,
     channel text not null check (channel in ('whatsapp', 'email')),
     recipient text not null,
     subject text,
     -- What to say, as a template key and its parameters; the worker renders it in the
     -- recipient's language with the domain's formatter (no text is written in SQL).
     template text check (template ~ '^[a-z][a-z_]{0,59}$'),
     params jsonb not null default '{}'::jsonb,
     idioma text not null default 'ht' check (idioma in ('ht', 'pt-BR', 'fr', 'en')),
     -- Already-written text (older rows, tests of the transports); one of the two is needed.
     text text,
     html text,
     purpose text not null,
     status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
     attempts integer not null default 0,
     next_attempt_at timestamptz not null default now(),
     lease_until timestamptz,
     last_error text,
     created_at timestamptz not null default now(),
     sent_at timestamptz,
     -- Which movement, sale or change the message is about: for support, audits and tests.
     referencia text,
     constraint outbox_messages_conteudo check (template is not null or text is not null)
   )`,
  // The worker's claim: due pending rows, and "is there an older pending row for this recipient".
  `create index outbox_pending_due_idx on outbox_messages (next_attempt_at, id) where status = 'pending'`,
  `create index outbox_pending_recipient_idx on outbox_messages (channel, recipient, id) where status = 'pending'`,
  'create index outbox_created_idx on outbox_messages (created_at)',
  'create index outbox_referencia_idx on outbox_messages (referencia) where referencia is not null',
];

const ACCOUNTS = [
  `create table usuarios (
     id uuid primary key default gen_random_uuid(),
     nome_completo text not null check (length(btrim(nome_completo)) > 0),
     pais text not null default 'HAITI',
     documento text not null check (documento ~ '^[0-9]{10}$'),
     tipo_documento text not null default 'NIF',
     document_photo_key text not null,
     profile_photo_key text,
     email text not null check (email = lower(email)),
     telefone text not null check (telefone ~ '^\\+?[0-9]{6,16}$'),
     data_nascimento date not null,
     sexo text not null check (sexo in ('M', 'F', 'OUTRO')),
     status text not null default 'ATIVO',
     email_confirmado_em timestamptz,
     criado_em timestamptz not null default now(),
     -- 8 characters without look-alikes; the default (kc_novo_codigo_indicacao) is set by
     -- src/ledger/sql/referrals.sql, next to its function.
     codigo_indicacao text not null,
     indicado_por uuid references usuarios (id),
     -- The language the person reads: the app's texts, WhatsApp messages and e-mails follow it.
     idioma text not null default 'ht' check (idioma in ('ht', 'pt-BR', 'fr', 'en')),
     constraint usuarios_documento_key unique (documento),
     constraint usuarios_email_key unique (email),
     constraint usuarios_telefone_key unique (telefone),
     constraint usuarios_codigo_indicacao_key unique (codigo_indicacao),
     constraint usuarios_codigo_indicacao_formato check (codigo_indicacao ~ '^[A-HJ-NP-Z2-9]{8}$'),
     constraint usuarios_indicado_por_outro check (indicado_por <> id)
   )`,
  `create table credenciais (
     user_id uuid primary key references usuarios (id) on delete cascade,
     password_hash text not null,
     atualizado_em timestamptz not null default now()
   )`,
  `create table sessoes (
     id uuid primary key default gen_random_uuid(),
     user_id uuid not null references usuarios (id) on delete cascade,
     criado_em timestamptz not null default now(),
     ultimo_uso_em timestamptz not null default now(),
     revogado_em timestamptz,
     motivo_revogacao text
   )`,
  'create index sessoes_user_idx on sessoes (user_id) where revogado_em is null',
  // Every refresh token ever issued, hashed. A rotated token presented again is a theft signal:
  // the whole session is revoked.
  `create table refresh_tokens (
     token_hash text primary key,
     session_id uuid not null references sessoes (id) on delete cascade,
     criado_em timestamptz not null default now(),
     expira_em timestamptz not null,
     rotacionado_em timestamptz
   )`,
  'create index refresh_tokens_session_idx on refresh_tokens (session_id)',
  `create table tokens_email (
     token_hash text primary key,
     user_id uuid not null references usuarios (id) on delete cascade,
     finalidade text not null check (finalidade in ('email_confirmation', 'password_reset')),
     expira_em timestamptz not null,
     usado_em timestamptz,
     criado_em timestamptz not null default now()
   )`,
  'create index tokens_email_user_idx on tokens_email (user_id, finalidade)',
];

// Double entry (docs/ledger.md). Every posted movement writes one debit line and one credit line,
// each with its account's balance before and after; a balance is always the sum of its lines.
// Money on hold for a pending movement is a row of kreyolcash_retencoes and is counted in the
// account's reservado_centis. Rows of movements and lines are never deleted; a correction is a
// new movement that references what it corrects.
const LEDGER = [
  // A user's account has the user's id. The issuer's balance is minus everything ever issued;
  // fees, escrow and agents' float are accounts like any other.
  `create table kreyolcash_contas (
     id uuid primary key,
     tipo text not null check (tipo in ('usuario', 'emissor', 'taxas', 'garantia', 'agente')),
     user_id uuid references usuarios (id),
     saldo_centis bigint not null default 0,
     reservado_centis bigint not null default 0 check (reservado_centis >= 0),
     atualizado_em timestamptz not null default now(),
     constraint kreyolcash_contas_dono check ((tipo in ('usuario', 'agente')) = (user_id is not null)),
     constraint kreyolcash_contas_usuario_id check (tipo <> 'usuario' or id = user_id),
     constraint kreyolcash_contas_dono_tipo_key unique (user_id, tipo),
     constraint kreyolcash_contas_nao_negativa check (tipo = 'emissor' or saldo_centis >= 0),
     constraint kreyolcash_contas_reserva_cabe check (tipo = 'emissor' or reservado_centis <= saldo_centis)
   )`,
  `insert into kreyolcash_contas (id, tipo) values
     ('00000000-0000-4000-8000-000000000001', 'emissor'),
     ('00000000-0000-4000-8000-000000000002', 'taxas'),
     ('00000000-0000-4000-8000-000000000003', 'garantia')`,
  // The people (remetente/destinatario, null = the system) are what a statement shows; the
  // accounts are what the money moves between.
  `create table kreyolcash_movimentacoes (
     id uuid primary key default gen_random_uuid(),
     tipo text not null check (tipo in ('transferencia', 'compra', 'cadastro', 'bonus', 'estorno', 'ajuste')),
     status text not null check (status in ('pendente', 'concluida', 'cancelada', 'expirada')),
     remetente_id uuid references usuarios (id),
     destinatario_id uuid references usuarios (id),
     conta_debito uuid not null references kreyolcash_contas (id),
     conta_credito uuid not null references kreyolcash_contas (id),
     quantidade_centis bigint not null check (quantidade_centis > 0),
     observacoes text,
     -- What a reversal or an adjustment corrects, why, and who decided it.
     referente_a uuid references kreyolcash_movimentacoes (id),
     motivo text,
     ator text,
     criado_em timestamptz not null default now(),
     concluido_em timestamptz,
     expira_em timestamptz,
     constraint kreyolcash_mov_partes check (remetente_id is null or remetente_id <> destinatario_id),
     constraint kreyolcash_mov_alguem check (remetente_id is not null or destinatario_id is not null),
     constraint kreyolcash_mov_contas check (conta_debito <> conta_credito),
     constraint kreyolcash_mov_estorno check (tipo <> 'estorno' or (referente_a is not null and ator is not null)),
     constraint kreyolcash_mov_ajuste check (tipo <> 'ajuste' or (length(btrim(motivo)) > 0 and ator is not null)),
     constraint kreyolcash_mov_fim check ((status = 'pendente') = (concluido_em is null))
   )`,
  'create index kreyolcash_mov_remetente_idx on kreyolcash_movimentacoes (remetente_id, criado_em desc, id desc)',
  'create index kreyolcash_mov_destinatario_idx on kreyolcash_movimentacoes (destinatario_id, criado_em desc, id desc)',
  // The sweeper's scan: pending movements by expiry (a hold ends when its movement expires).
  `create index kreyolcash_mov_pendentes_idx on kreyolcash_movimentacoes (expira_em) where status = 'pendente'`,
  // A movement is reversed at most once.
  `create unique index kreyolcash_mov_estorno_unico on kreyolcash_movimentacoes (referente_a) where tipo = 'estorno'`,
  // Money held for a pending movement, on the account that pays it: exactly one per pending
  // movement, gone when it is posted, voided or expired.
  `create table kreyolcash_retencoes (
     movimentacao_id uuid primary key references kreyolcash_movimentacoes (id),
     conta_id uuid not null references kreyolcash_contas (id),
     quantidade_centis bigint not null check (quantidade_centis > 0),
     criado_em timestamptz not null default now()
   )`,
  // Append-only: a trigger refuses updates and deletes (src/ledger/sql/guards.sql).
  `create table kreyolcash_lancamentos (
     id bigint generated always as identity primary key,
     movimentacao_id uuid not null references kreyolcash_movimentacoes (id),
     conta_id uuid not null references kreyolcash_contas (id),
     -- Credit positive, debit negative.
     valor_centis bigint not null check (valor_centis <> 0),
     saldo_anterior_centis bigint not null,
     saldo_posterior_centis bigint not null,
     criado_em timestamptz not null default now(),
     constraint kreyolcash_lancamentos_saldo check (saldo_posterior_centis = saldo_anterior_centis + valor_centis)
   )`,
  `create table kreyolcash_lotes (
     id uuid primary key default gen_random_uuid(),
     user_id uuid not null references usuarios (id),
     movimentacao_id uuid not null unique references kreyolcash_movimentacoes (id),
     quantidade_centis bigint not null check (quantidade_centis > 0),
     origem text not null check (origem in ('cadastro', 'bonus')),
     ativo boolean not null default true,
     criado_em timestamptz not null default now()
   )`,
  // At most one signup batch per user, whatever the code does.
  `create unique index kreyolcash_lotes_cadastro_unico on kreyolcash_lotes (user_id) where origem = 'cadastro'`,
  `create view vw_saldos_kreyolcash as
     select user_id, saldo_centis, reservado_centis, saldo_centis - reservado_centis as disponivel_centis
       from kreyolcash_contas where tipo = 'usuario'`,
  // One scheme for every 6-digit code (transfers, purchases, phone changes): a keyed hash bound to
  // what the code authorises, attempts, expiry; sujeito is the movement or the phone change.
  `create table codigos_verificacao (
     sujeito_id uuid not null,
     finalidade text not null check (finalidade in ('transfer', 'purchase', 'phone_change_current', 'phone_change_new')),
     user_id uuid not null references usuarios (id) on delete cascade,
     telefone text not null,
     codigo_hash text not null,
     expira_em timestamptz not null,
     tentativas integer not null default 0 check (tentativas >= 0),
     usado_em timestamptz,
     criado_em timestamptz not null default now(),
     primary key (sujeito_id, finalidade)
   )`,
  // The codes-per-window limit counts a user's recent codes.
  'create index codigos_verificacao_user_idx on codigos_verificacao (user_id, criado_em)',
  `create table idempotency_keys (
     user_id uuid not null references usuarios (id),
     chave text not null,
     request_hash text not null,
     resposta jsonb,
     criado_em timestamptz not null default now(),
     primary key (user_id, chave)
   )`,
  'create index idempotency_keys_criado_idx on idempotency_keys (criado_em)',
  // The same for operations a person of the back office starts (reversals, adjustments).
  `create table operacoes_idempotentes (
     chave text primary key,
     request_hash text not null,
     resposta jsonb,
     criado_em timestamptz not null default now()
   )`,
];

// Categories are checked for membership by the application (the zod enums of packages/domain);
// the database checks only their shape, so a new category is not a migration. Statuses are fixed
// by the spec and drive the code, so the database holds them to their values.
const MARKETPLACE = [
  // One company per user is a database rule, so two concurrent creates cannot both succeed.
  `create table empresas (
     id uuid primary key default gen_random_uuid(),
     responsavel_id uuid not null references usuarios (id),
     nome text not null check (length(btrim(nome)) > 0),
     descricao text not null check (length(btrim(descricao)) > 0),
     categoria text not null check (categoria ~ '^[a-z][a-z_]{0,39}$'),
     telefone text check (telefone ~ '^\\+?[0-9]{6,16}$'),
     email text check (email = lower(email)),
     status text not null default 'ATIVA' check (status in ('ATIVA', 'INATIVA', 'SUSPENSA')),
     created_at timestamptz not null default now(),
     constraint empresas_responsavel_key unique (responsavel_id),
     -- Target of vendas' (empresa_id, vendedor_id) reference: the seller owns the company.
     constraint empresas_id_responsavel_key unique (id, responsavel_id)
   )`,
  'create index empresas_status_idx on empresas (status, created_at desc, id desc)',
  `create table produtos (
     id uuid primary key default gen_random_uuid(),
     empresa_id uuid not null references empresas (id),
     nome text not null check (length(btrim(nome)) > 0),
     descricao text not null check (length(btrim(descricao)) > 0),
     categoria text not null check (categoria ~ '^[a-z][a-z_]{0,39}$'),
     preco_centis bigint not null check (preco_centis > 0),
     estoque integer check (estoque >= 0),
     status text not null default 'ATIVO' check (status in ('ATIVO', 'INATIVO', 'ESGOTADO')),
     created_at timestamptz not null default now(),
     -- Stock held by pending purchases; what can still be bought is estoque - estoque_reservado.
     estoque_reservado integer not null default 0 check (estoque_reservado >= 0),
     constraint produtos_reserva_cabe check (estoque is null or estoque_reservado <= estoque),
     -- Target of vendas' (produto_id, empresa_id) reference.
     constraint produtos_id_empresa_key unique (id, empresa_id)
   )`,
  'create index produtos_empresa_status_idx on produtos (empresa_id, status, created_at desc, id desc)',
  // Held by the database whatever the purchase code does: the product belongs to the company,
  // the seller owns it, nobody buys from themselves, the total is the unit price times the
  // quantity, and one movement pays at most one sale.
  `create table vendas (
     id uuid primary key default gen_random_uuid(),
     empresa_id uuid not null references empresas (id),
     comprador_id uuid not null references usuarios (id),
     vendedor_id uuid not null references usuarios (id),
     produto_id uuid not null,
     quantidade integer not null check (quantidade > 0),
     preco_unitario_centis bigint not null check (preco_unitario_centis > 0),
     total_centis bigint not null check (total_centis > 0),
     status text not null default 'PENDENTE' check (status in ('PENDENTE', 'CONFIRMADA', 'CANCELADA', 'CONCLUIDA')),
     movimentacao_id uuid references kreyolcash_movimentacoes (id),
     criado_em timestamptz not null default now(),
     atualizado_em timestamptz not null default now(),
     constraint vendas_partes check (comprador_id <> vendedor_id),
     constraint vendas_total check (total_centis = preco_unitario_centis * quantidade),
     constraint vendas_movimentacao_key unique (movimentacao_id),
     constraint vendas_produto_da_empresa foreign key (produto_id, empresa_id) references produtos (id, empresa_id),
     constraint vendas_vendedor_responsavel foreign key (empresa_id, vendedor_id) references empresas (id, responsavel_id)
   )`,
  'create index vendas_empresa_idx on vendas (empresa_id, criado_em desc, id desc)',
  'create index vendas_comprador_idx on vendas (comprador_id, criado_em desc, id desc)',
];

const PROFILE = [
  `create table mudancas_telefone (
     id uuid primary key,
     user_id uuid not null references usuarios (id) on delete cascade,
     telefone_anterior text not null,
     novo_telefone text not null check (novo_telefone ~ '^\\+?[0-9]{6,16}$'),
     etapa text not null check (etapa in ('verify_current', 'verify_new', 'done', 'cancelled')),
     criado_em timestamptz not null default now(),
     atualizado_em timestamptz not null default now()
   )`,
  // At most one change in progress per user; starting again cancels the open one first.
  `create unique index mudancas_telefone_aberta_key on mudancas_telefone (user_id)
     where etapa in ('verify_current', 'verify_new')`,
  `create table indicacoes (
     id uuid primary key default gen_random_uuid(),
     inviter_id uuid not null references usuarios (id),
     nome text not null check (length(btrim(nome)) > 0),
     -- The invited phone (E.164); null for a friend who came through the link alone.
     telefone text check (telefone ~ '^\\+?[0-9]{6,16}$'),
     origem text not null check (origem in ('whatsapp', 'link')),
     criado_em timestamptz not null default now(),
     convidado_id uuid references usuarios (id),
     bonus_pago_em timestamptz,
     movimentacao_id uuid unique references kreyolcash_movimentacoes (id),
     -- One referral per new person, ever: the bonus for a person can be paid only once.
     constraint indicacoes_convidado_key unique (convidado_id),
     constraint indicacoes_nao_si_mesmo check (convidado_id <> inviter_id),
     constraint indicacoes_bonus_pago check ((bonus_pago_em is null) = (movimentacao_id is null)),
     constraint indicacoes_bonus_com_convidado check (bonus_pago_em is null or convidado_id is not null),
     constraint indicacoes_origem_telefone check ((origem = 'whatsapp') = (telefone is not null))
   )`,
  // An inviter has one open invitation per phone; inviting again refreshes it.
  'create unique index indicacoes_aberta_key on indicacoes (inviter_id, telefone) where convidado_id is null',
  'create index indicacoes_inviter_idx on indicacoes (inviter_id, criado_em desc, id desc)',
  'create index indicacoes_telefone_aberta_idx on indicacoes (telefone, criado_em) where convidado_id is null',
  // Every NIF, e-mail and phone that ever belonged to an account, hashed (kc_identidade_hash),
  // with the first account that had it (null once that account is gone): a person who comes back
  // is not "new" for the referral bonus.
  `create table identidades_vistas (
     hash text primary key,
     tipo text not null check (tipo in ('nif', 'email', 'telefone')),
     user_id uuid references usuarios (id) on delete set null,
     criado_em timestamptz not null default now()
   )`,
  'create index identidades_vistas_user_idx on identidades_vistas (user_id)',
];
