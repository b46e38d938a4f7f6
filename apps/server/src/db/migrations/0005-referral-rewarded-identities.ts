import { type Kysely, sql } from 'kysely';

// A referral bonus once per NIF and once per phone number, ever. Every NIF and proven
// phone that earned a bonus is kept here (the same SHA-256 of "kind:value" as identidades_vistas)
// and the primary key refuses a second one, even after the account is gone or its phone changed.
// The row is written in the bonus's own transaction, so two racing bonuses for one identity end
// in one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table identidades_premiadas (
    hash text primary key,
    tipo text not null check (tipo in ('nif', 'telefone')),
    indicacao_id uuid not null references indicacoes (id),
    criado_em timestamptz not null default now()
  )`.execute(db);
  // The bonuses paid before this migration: their friend's NIF and phone as they are now.
  await sql`insert into identidades_premiadas (hash, tipo, indicacao_id)
    select encode(sha256(convert_to(i.tipo || ':' || i.valor, 'UTF8')), 'hex'), i.tipo, i.indicacao_id
    from (
      select 'nif' as tipo, u.documento as valor, r.id as indicacao_id, r.bonus_pago_em
      from indicacoes r join usuarios u on u.id = r.convidado_id where r.bonus_pago_em is not null
      union all
      select 'telefone', u.telefone, r.id, r.bonus_pago_em
      from indicacoes r join usuarios u on u.id = r.convidado_id where r.bonus_pago_em is not null
    ) i
    order by i.bonus_pago_em
    on conflict (hash) do nothing`.execute(db);
  // The monthly cap counts an inviter's bonuses paid since the month began.
  await sql`create index indicacoes_bonus_mes_idx on indicacoes (inviter_id, bonus_pago_em)
    where bonus_pago_em is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index indicacoes_bonus_mes_idx`.execute(db);
  await sql`drop table identidades_premiadas`.execute(db);
}
