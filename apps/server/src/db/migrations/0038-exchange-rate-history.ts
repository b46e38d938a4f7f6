import { type Kysely, sql } from 'kysely';

// Each rate the servers have started with, from when. An agent's receipts are queued once their
// posting has committed (notices.sql, session 40), a moment or, behind a long transaction, longer
// after it: they quote the rate in force when the movement posted, which the one row of migration
// 0018 forgets as soon as a start writes another. A trigger on that row keeps this table
// (agents.sql), so that a start of the release before, which writes only the row, is recorded too.
// The rate in force before this migration is taken as in force since always: the receipts of
// earlier postings quoted it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table cotacoes_htg (
    desde timestamptz primary key,
    htg_por_kc_bp bigint not null check (htg_por_kc_bp > 0)
  )`.execute(db);
  await sql`insert into cotacoes_htg (desde, htg_por_kc_bp) select '-infinity', htg_por_kc_bp from cotacao_htg`.execute(
    db,
  );
}

// The trigger goes with the definitions of the release rolled back to, which drop every ledger
// function (and what depends on them) before they apply theirs.
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table cotacoes_htg`.execute(db);
}
