import { type Kysely, sql } from 'kysely';

// Settings and referrals: phone changes verified on both numbers, every user's referral code,
// invitations and the referral bonus, and the identities that ever had an account (so a bonus is
// paid only for a person new to KreyolCash).
export async function up(db: Kysely<unknown>): Promise<void> {
  await addReferralColumns(db);
  await createIdentities(db);

  await sql`
    create table mudancas_telefone (
      id uuid primary key,
      user_id uuid not null references usuarios (id) on delete cascade,
      telefone_anterior text not null,
      novo_telefone text not null check (novo_telefone ~ '^\\+?[0-9]{6,16}$'),
      etapa text not null check (etapa in ('verify_current', 'verify_new', 'done', 'cancelled')),
      codigo_hash text,
      expira_em timestamptz not null,
      tentativas integer not null default 0 check (tentativas >= 0),
      criado_em timestamptz not null default now(),
      atualizado_em timestamptz not null default now(),
      -- A live code exactly while the change waits for one: a finished or dead change has none.
      constraint mudancas_telefone_codigo check ((etapa in ('verify_current', 'verify_new')) = (codigo_hash is not null))
    )`.execute(db);
  // At most one change in progress per user; starting again cancels the open one first.
  await sql`create unique index mudancas_telefone_aberta_key on mudancas_telefone (user_id)
              where etapa in ('verify_current', 'verify_new')`.execute(db);

  await sql`
    create table indicacoes (
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
    )`.execute(db);
  // An inviter has one open invitation per phone; inviting again refreshes it.
  await sql`create unique index indicacoes_aberta_key on indicacoes (inviter_id, telefone)
              where convidado_id is null`.execute(db);
  await sql`create index indicacoes_inviter_idx on indicacoes (inviter_id, criado_em desc, id desc)`.execute(
    db,
  );
  await sql`create index indicacoes_telefone_aberta_idx on indicacoes (telefone, criado_em)
              where convidado_id is null`.execute(db);
}

async function addReferralColumns(db: Kysely<unknown>): Promise<void> {
  // 8 characters of an alphabet without look-alikes (no I, O, 0, 1): 32 symbols, so a byte mod 32
  // is unbiased. Bytes 8–15 of a version-4 UUID come from the CSPRNG (byte 8's two fixed variant
  // bits are above the five used). Retried until unused, so a collision never fails a sign-up.
  await sql`
    create function kc_novo_codigo_indicacao() returns text language plpgsql volatile as $$
    declare
      alfabeto constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
      bytes bytea;
      codigo text;
    begin
      loop
        bytes := uuid_send(gen_random_uuid());
        codigo := '';
        for i in 8..15 loop
          codigo := codigo || substr(alfabeto, get_byte(bytes, i) % 32 + 1, 1);
        end loop;
        exit when not exists (select 1 from usuarios where codigo_indicacao = codigo);
      end loop;
      return codigo;
    end $$`.execute(db);
  await sql`alter table usuarios add column codigo_indicacao text`.execute(db);
  await sql`alter table usuarios add constraint usuarios_codigo_indicacao_key unique (codigo_indicacao)`.execute(
    db,
  );
  // Row by row, so each new code is checked against those given before it.
  await sql`
    do $$
    declare r record;
    begin
      for r in select id from usuarios order by criado_em, id loop
        update usuarios set codigo_indicacao = kc_novo_codigo_indicacao() where id = r.id;
      end loop;
    end $$`.execute(db);
  await sql`alter table usuarios
              alter column codigo_indicacao set default kc_novo_codigo_indicacao(),
              alter column codigo_indicacao set not null,
              add constraint usuarios_codigo_indicacao_formato check (codigo_indicacao ~ '^[A-HJ-NP-Z2-9]{8}$'),
              add column indicado_por uuid references usuarios (id),
              add constraint usuarios_indicado_por_outro check (indicado_por <> id)`.execute(db);
}

async function createIdentities(db: Kysely<unknown>): Promise<void> {
  // One definition of the hash, used by the backfill below and by the application.
  await sql`
    create function kc_identidade_hash(p_tipo text, p_valor text) returns text language sql immutable as $$
      select encode(sha256(convert_to(p_tipo || ':' || p_valor, 'UTF8')), 'hex')
    $$`.execute(db);
  // Every NIF, e-mail and phone that ever belonged to an account, hashed, with the first account
  // that had it (null once that account is gone). Kept after an account is deleted, so a person
  // who comes back is not "new" for the referral bonus.
  await sql`
    create table identidades_vistas (
      hash text primary key,
      tipo text not null check (tipo in ('nif', 'email', 'telefone')),
      user_id uuid references usuarios (id) on delete set null,
      criado_em timestamptz not null default now()
    )`.execute(db);
  await sql`create index identidades_vistas_user_idx on identidades_vistas (user_id)`.execute(db);
  await sql`
    insert into identidades_vistas (hash, tipo, user_id)
    select kc_identidade_hash(i.tipo, i.valor), i.tipo, u.id
      from usuarios u
      cross join lateral (values ('nif', u.documento), ('email', u.email), ('telefone', u.telefone)) as i (tipo, valor)
     order by u.criado_em, u.id
    on conflict (hash) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['indicacoes', 'mudancas_telefone', 'identidades_vistas']) {
    await sql`drop table if exists ${sql.id(table)}`.execute(db);
  }
  await sql`alter table usuarios drop column if exists indicado_por, drop column if exists codigo_indicacao`.execute(
    db,
  );
  for (const fn of ['kc_identidade_hash', 'kc_novo_codigo_indicacao']) {
    await sql`drop function if exists ${sql.id(fn)}`.execute(db);
  }
}
