import { type Kysely, sql } from 'kysely';

// Users, credentials, sessions and one-time e-mail tokens; and the ledger core: balances,
// movements, issuance batches and the balance view of the spec.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table usuarios (
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
      constraint usuarios_documento_key unique (documento),
      constraint usuarios_email_key unique (email),
      constraint usuarios_telefone_key unique (telefone)
    )`.execute(db);

  await sql`
    create table credenciais (
      user_id uuid primary key references usuarios (id) on delete cascade,
      password_hash text not null,
      atualizado_em timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table sessoes (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references usuarios (id) on delete cascade,
      criado_em timestamptz not null default now(),
      ultimo_uso_em timestamptz not null default now(),
      revogado_em timestamptz,
      motivo_revogacao text
    )`.execute(db);
  await sql`create index sessoes_user_idx on sessoes (user_id) where revogado_em is null`.execute(db);

  // Every refresh token ever issued, hashed. A rotated token presented again is a theft signal:
  // the whole session is revoked.
  await sql`
    create table refresh_tokens (
      token_hash text primary key,
      session_id uuid not null references sessoes (id) on delete cascade,
      criado_em timestamptz not null default now(),
      expira_em timestamptz not null,
      rotacionado_em timestamptz
    )`.execute(db);
  await sql`create index refresh_tokens_session_idx on refresh_tokens (session_id)`.execute(db);

  await sql`
    create table tokens_email (
      token_hash text primary key,
      user_id uuid not null references usuarios (id) on delete cascade,
      finalidade text not null check (finalidade in ('email_confirmation', 'password_reset')),
      expira_em timestamptz not null,
      usado_em timestamptz,
      criado_em timestamptz not null default now()
    )`.execute(db);
  await sql`create index tokens_email_user_idx on tokens_email (user_id, finalidade)`.execute(db);

  await createLedger(db);
}

async function createLedger(db: Kysely<unknown>): Promise<void> {
  // One row per user; the invariants live in the database so no code path can break them.
  await sql`
    create table kreyolcash_saldos (
      user_id uuid primary key references usuarios (id),
      saldo_centis bigint not null default 0 check (saldo_centis >= 0),
      reservado_centis bigint not null default 0 check (reservado_centis >= 0),
      atualizado_em timestamptz not null default now(),
      constraint kreyolcash_saldos_reserva_cabe check (reservado_centis <= saldo_centis)
    )`.execute(db);

  // remetente_id null = the system issuer (signup and referral bonuses).
  await sql`
    create table kreyolcash_movimentacoes (
      id uuid primary key default gen_random_uuid(),
      remetente_id uuid references usuarios (id),
      destinatario_id uuid not null references usuarios (id),
      quantidade_centis bigint not null check (quantidade_centis > 0),
      tipo text not null,
      status text not null,
      observacoes text,
      criado_em timestamptz not null default now(),
      concluido_em timestamptz,
      expira_em timestamptz,
      constraint kreyolcash_mov_partes check (remetente_id is null or remetente_id <> destinatario_id)
    )`.execute(db);
  await sql`create index kreyolcash_mov_remetente_idx on kreyolcash_movimentacoes (remetente_id, criado_em desc, id desc)`.execute(
    db,
  );
  await sql`create index kreyolcash_mov_destinatario_idx on kreyolcash_movimentacoes (destinatario_id, criado_em desc, id desc)`.execute(
    db,
  );

  await sql`
    create table kreyolcash_lotes (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references usuarios (id),
      movimentacao_id uuid not null unique references kreyolcash_movimentacoes (id),
      quantidade_centis bigint not null check (quantidade_centis > 0),
      origem text not null check (origem in ('cadastro', 'bonus')),
      ativo boolean not null default true,
      criado_em timestamptz not null default now()
    )`.execute(db);
  // At most one signup batch per user, whatever the code does.
  await sql`create unique index kreyolcash_lotes_cadastro_unico on kreyolcash_lotes (user_id) where origem = 'cadastro'`.execute(
    db,
  );

  await sql`
    create view vw_saldos_kreyolcash as
      select user_id, saldo_centis, reservado_centis, saldo_centis - reservado_centis as disponivel_centis
        from kreyolcash_saldos`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['vw_saldos_kreyolcash']) await sql`drop view if exists ${sql.id(name)}`.execute(db);
  for (const table of [
    'kreyolcash_lotes',
    'kreyolcash_movimentacoes',
    'kreyolcash_saldos',
    'tokens_email',
    'refresh_tokens',
    'sessoes',
    'credenciais',
    'usuarios',
  ]) {
    await sql`drop table if exists ${sql.id(table)}`.execute(db);
  }
}
