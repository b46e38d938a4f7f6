import { type Kysely, sql } from 'kysely';

// The daily and monthly sending limits read a running total per payer and
// Haiti calendar day instead of summing the payer's movements of the month on every hold (a range
// that grew with each movement). The two-phase engine keeps it under the payer's account lock:
// the hold adds, a void or an expiry takes back from the day the movement was made
// (src/ledger/sql/two-phase.sql); `npm run ledger:check` compares it with the movements.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Updated on every hold of its payer and never indexed by its total: room on each page lets
  // PostgreSQL update it in place (HOT).
  await sql`create table kreyolcash_envios_diarios (
    usuario_id uuid not null references usuarios (id),
    dia date not null,
    enviado_centis bigint not null check (enviado_centis >= 0),
    primary key (usuario_id, dia)
  ) with (fillfactor = 50)`.execute(db);
  // What was sent before this migration: the same rule as the sum it replaces (transfers and
  // purchases, pending or posted), by the day each was made in Haiti.
  await sql`insert into kreyolcash_envios_diarios (usuario_id, dia, enviado_centis)
    select remetente_id, (criado_em at time zone 'America/Port-au-Prince')::date, sum(quantidade_centis)
      from kreyolcash_movimentacoes
     where tipo in ('transferencia', 'compra') and status in ('pendente', 'concluida') and remetente_id is not null
     group by 1, 2`.execute(db);
  // Nothing sums the movements for the limits any more; the index cost a write on every movement.
  await sql`drop index kreyolcash_mov_envios_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index kreyolcash_mov_envios_idx on kreyolcash_movimentacoes (remetente_id, criado_em)
     where tipo in ('transferencia', 'compra') and status in ('pendente', 'concluida')`.execute(db);
  await sql`drop table kreyolcash_envios_diarios`.execute(db);
}
