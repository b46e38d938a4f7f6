import { type Kysely, sql } from 'kysely';

// Outgoing WhatsApp messages and e-mails. A row is written in the same transaction as the change
// that causes it, so a message exists if and only if that change committed; a worker delivers it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox_messages')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('whatsapp', 'email')`))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('lease_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  // The worker's claim: due pending rows, and "is there an older pending row for this recipient".
  await sql`create index outbox_pending_due_idx on outbox_messages (next_attempt_at, id) where status = 'pending'`.execute(
    db,
  );
  await sql`create index outbox_pending_recipient_idx on outbox_messages (channel, recipient, id) where status = 'pending'`.execute(
    db,
  );
  await db.schema.createIndex('outbox_created_idx').on('outbox_messages').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox_messages').execute();
}
