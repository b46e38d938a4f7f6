import { type Kysely, sql } from 'kysely';

// Every message (three a transfer) wrote an entry in an index of its creation time that served
// one question, when the oldest pending message was written (the queue's age, a metric). The
// pending messages have partial indexes of their own, which answer it from the few rows still
// waiting; the index of every message ever written only grew.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index outbox_created_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index outbox_created_idx on outbox_messages (created_at)`.execute(db);
}
