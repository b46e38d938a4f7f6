import { type Kysely, sql } from 'kysely';

// The worker leases the oldest pending messages in id order. Their index was ordered by due time,
// so PostgreSQL walked the primary key instead, through every message ever sent, until it found
// enough pending ones: 34 ms a lease with 50 000 sent and 4 000 pending, growing with the history.
// Pending messages indexed by id are walked from the oldest and the walk stops at the batch: 1 ms
// there. A retry's due time is then read from the row, and no index holds it any more, so a
// failed attempt's update can stay on its page. Free space on each page (fillfactor) lets the
// lease's update, which changes no indexed column, stay there too rather than write every index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index outbox_pending_idx on outbox_messages (id) where status = 'pending'`.execute(db);
  await sql`drop index outbox_pending_due_idx`.execute(db);
  await sql`alter table outbox_messages set (fillfactor = 70)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox_messages reset (fillfactor)`.execute(db);
  await sql`create index outbox_pending_due_idx on outbox_messages (next_attempt_at, id) where status = 'pending'`.execute(
    db,
  );
  await sql`drop index outbox_pending_idx`.execute(db);
}
