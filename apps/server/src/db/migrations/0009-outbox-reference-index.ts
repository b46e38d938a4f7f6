import { type Kysely, sql } from 'kysely';

// Messages are looked up by what they are about (support, audits, the test and bench clients
// reading a movement's code): without an index that is a scan of the whole outbox.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index outbox_referencia_idx on outbox_messages (referencia) where referencia is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists outbox_referencia_idx`.execute(db);
}
