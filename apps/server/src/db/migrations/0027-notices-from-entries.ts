import { type Kysely, sql } from 'kysely';

// A posting's "done" notices (a transfer's to its payer and payee, a purchase's to its seller) are
// no longer written by the posting itself: they are derived after it commits, from the ledger's
// lines (notices.sql), and queued then. This row is how far the lines have been read: every
// movement whose last line is at or below it has had its notices queued. The ledger's functions,
// applied right after this migration on the same start, set it to the last line posted before
// them (the end of notices.sql), so what the release before had already told is not told again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table avisos_posicao (
              unica boolean primary key default true check (unica),
              ultimo_lancamento bigint not null,
              atualizado_em timestamptz not null default now())`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table avisos_posicao`.execute(db);
}
