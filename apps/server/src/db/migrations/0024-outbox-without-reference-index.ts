import { type Kysely, sql } from 'kysely';

// Nothing a deployment runs reads the outbox by its reference: only the development outbox's filter,
// the tests' fixtures and the benches did. Its entry was three index inserts and about 350 B of WAL
// a transfer, paid in production for development's reads, which now look the message up without it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index outbox_referencia_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index outbox_referencia_idx on outbox_messages (referencia) where referencia is not null`.execute(
    db,
  );
}
