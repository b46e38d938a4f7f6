import { type Kysely, sql } from 'kysely';

// A new code for a live one is limited per phone within a window, counted in the outbox's code
// messages to that phone (kc_codigo_substituir), sent or not. Since migration 0020 dropped the index
// of every message by creation time, nothing served that count, and each resend read the whole
// outbox, a read that grew with every message ever sent. The code messages (one a transfer) are
// indexed by phone and time; the predicate is the count's own, so PostgreSQL matches it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index outbox_codigos_por_telefone_idx on outbox_messages (recipient, created_at)
              where purpose like '%_code'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index outbox_codigos_por_telefone_idx`.execute(db);
}
