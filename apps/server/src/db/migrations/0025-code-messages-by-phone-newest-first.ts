import { type Kysely, sql } from 'kysely';

// A phone's newest code messages are read in the order of time, then id (codes of one instant come
// newest id first). Migration 0023's index held the time only, so that read took every code the
// phone had ever been sent and sorted them; with the id in the index it stops at its limit. The
// per-phone count of resent codes (kc_codigo_substituir) is served by its first two columns as before.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index outbox_codigos_recentes_idx on outbox_messages (recipient, created_at, id)
              where purpose like '%_code'`.execute(db);
  await sql`drop index outbox_codigos_por_telefone_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index outbox_codigos_por_telefone_idx on outbox_messages (recipient, created_at)
              where purpose like '%_code'`.execute(db);
  await sql`drop index outbox_codigos_recentes_idx`.execute(db);
}
