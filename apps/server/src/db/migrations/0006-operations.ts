import { type Kysely, sql } from 'kysely';

// Operating the wallet. Operators (the back office's people) are not app users: their
// own table, sessions and second factor. Everything they do leaves a row in `auditoria`, which
// guards.sql makes append-only. The rest is the state of the operations themselves: document
// reviews (verification level 2), freezes, wrong-payment reports and proposed adjustments.
const STATEMENTS = [
  `create table operadores (
     id uuid primary key default gen_random_uuid(),
     email text not null unique check (email = lower(email)),
     nome text not null check (length(btrim(nome)) > 0),
     papel text not null check (papel in ('support', 'compliance', 'finance', 'admin')),
     senha_hash text not null,
     -- The TOTP secret (base32) and the last time step accepted: a code is never accepted twice.
     totp_segredo text not null,
     totp_ultimo_passo bigint not null default 0,
     ativo boolean not null default true,
     criado_em timestamptz not null default now()
   )`,
  `create table operador_sessoes (
     id uuid primary key default gen_random_uuid(),
     operador_id uuid not null references operadores (id),
     token_hash text not null unique,
     criado_em timestamptz not null default now(),
     ultimo_uso_em timestamptz not null default now(),
     expira_em timestamptz not null,
     revogado_em timestamptz,
     endereco text
   )`,
  'create index operador_sessoes_operador_idx on operador_sessoes (operador_id, criado_em desc)',
  // Who (operator and role, or the user themself when operador_id is null), what, on whom, when,
  // the state before and after, and why.
  `create table auditoria (
     id bigint generated always as identity primary key,
     criado_em timestamptz not null default now(),
     operador_id uuid references operadores (id),
     papel text,
     acao text not null check (acao ~ '^[a-z][a-z_.]{0,79}$'),
     alvo_tipo text not null,
     alvo_id text not null,
     usuario_id uuid references usuarios (id),
     antes jsonb,
     depois jsonb,
     motivo text
   )`,
  'create index auditoria_criado_idx on auditoria (criado_em desc, id desc)',
  'create index auditoria_usuario_idx on auditoria (usuario_id, criado_em desc) where usuario_id is not null',
  'create index auditoria_operador_idx on auditoria (operador_id, criado_em desc) where operador_id is not null',

  // Level 2: a compliance officer approved the document photo against what the person typed.
  'alter table usuarios add column documento_aprovado_em timestamptz',
  // A frozen account sends nothing (the ledger refuses the hold) and can still sign in.
  'alter table usuarios add column congelado_em timestamptz',
  `alter table usuarios add column congelado_por text check (congelado_por in ('usuario', 'operador'))`,
  'alter table usuarios add column congelado_motivo text',
  `alter table usuarios add constraint usuarios_congelamento
     check ((congelado_em is null) = (congelado_por is null))`,

  // Each document photo sent is one review: pending until compliance decides.
  `create table revisoes_documento (
     id uuid primary key default gen_random_uuid(),
     user_id uuid not null references usuarios (id),
     document_photo_key text not null,
     status text not null default 'pendente' check (status in ('pendente', 'aprovada', 'rejeitada')),
     motivo text,
     operador_id uuid references operadores (id),
     criado_em timestamptz not null default now(),
     decidido_em timestamptz,
     constraint revisoes_documento_decisao check ((status = 'pendente') = (decidido_em is null)),
     constraint revisoes_documento_motivo check (status <> 'rejeitada' or length(btrim(motivo)) > 0)
   )`,
  `create unique index revisoes_documento_pendente on revisoes_documento (user_id) where status = 'pendente'`,
  `create index revisoes_documento_fila on revisoes_documento (criado_em) where status = 'pendente'`,
  // Every account that exists now waits for its first review.
  `insert into revisoes_documento (user_id, document_photo_key, criado_em)
     select id, document_photo_key, criado_em from usuarios`,

  // "Wrong person": the payer's report on a posted transfer. While it is open, the amount is held
  // on the payee's account (retido_centis, counted in its reservado_centis) if it was available.
  `create table reclamacoes (
     id uuid primary key default gen_random_uuid(),
     movimentacao_id uuid not null unique references kreyolcash_movimentacoes (id),
     pagador_id uuid not null references usuarios (id),
     recebedor_id uuid not null references usuarios (id),
     quantidade_centis bigint not null check (quantidade_centis > 0),
     conta_retida uuid references kreyolcash_contas (id),
     retido_centis bigint not null default 0 check (retido_centis >= 0),
     status text not null default 'aberta' check (status in ('aberta', 'estornada', 'rejeitada', 'expirada')),
     descricao text,
     decisao_motivo text,
     operador_id uuid references operadores (id),
     estorno_id uuid references kreyolcash_movimentacoes (id),
     criado_em timestamptz not null default now(),
     prazo_em timestamptz not null,
     decidido_em timestamptz,
     constraint reclamacoes_decisao check ((status = 'aberta') = (decidido_em is null)),
     constraint reclamacoes_retencao check ((retido_centis = 0) = (conta_retida is null)),
     constraint reclamacoes_estorno check ((status = 'estornada') = (estorno_id is not null))
   )`,
  `create index reclamacoes_abertas on reclamacoes (prazo_em) where status = 'aberta'`,
  'create index reclamacoes_pagador on reclamacoes (pagador_id, criado_em desc)',
  'create index reclamacoes_recebedor on reclamacoes (recebedor_id, criado_em desc)',

  // A credit or debit proposed by finance, posted only when another operator approves it.
  `create table ajustes_propostos (
     id uuid primary key default gen_random_uuid(),
     user_id uuid not null references usuarios (id),
     quantidade_centis bigint not null check (quantidade_centis <> 0),
     motivo text not null check (length(btrim(motivo)) > 0),
     referencia text not null check (length(btrim(referencia)) > 0),
     proposto_por uuid not null references operadores (id),
     status text not null default 'proposto' check (status in ('proposto', 'aprovado', 'rejeitado')),
     decidido_por uuid references operadores (id),
     decidido_em timestamptz,
     decisao_motivo text,
     movimentacao_id uuid references kreyolcash_movimentacoes (id),
     criado_em timestamptz not null default now(),
     constraint ajustes_quatro_olhos check (decidido_por is null or decidido_por <> proposto_por),
     constraint ajustes_decisao check ((status = 'proposto') = (decidido_em is null)),
     constraint ajustes_postado check ((status = 'aprovado') = (movimentacao_id is not null))
   )`,
  `create index ajustes_propostos_abertos on ajustes_propostos (criado_em) where status = 'proposto'`,

  // Each run of the ledger audit (npm run ledger:check, or the back office's button).
  `create table verificacoes_razao (
     id bigint generated always as identity primary key,
     criado_em timestamptz not null default now(),
     ok boolean not null,
     relatorio jsonb not null
   )`,

  // The daily and monthly sending limits sum a payer's recent holds and payments.
  `create index kreyolcash_mov_envios_idx on kreyolcash_movimentacoes (remetente_id, criado_em)
     where tipo in ('transferencia', 'compra') and status in ('pendente', 'concluida')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'verificacoes_razao',
    'ajustes_propostos',
    'reclamacoes',
    'revisoes_documento',
    'auditoria',
    'operador_sessoes',
    'operadores',
  ]) {
    await sql.raw(`drop table ${table}`).execute(db);
  }
  await sql.raw('drop index kreyolcash_mov_envios_idx').execute(db);
  await sql.raw('alter table usuarios drop constraint usuarios_congelamento').execute(db);
  for (const column of ['documento_aprovado_em', 'congelado_em', 'congelado_por', 'congelado_motivo']) {
    await sql.raw(`alter table usuarios drop column ${column}`).execute(db);
  }
}
