import { type Kysely, sql } from 'kysely';

// Operators count the outbox's failed messages on every metrics scrape, in the ops endpoint and on
// the finance panel. Counted by grouping every row, that read the whole outbox, which keeps every
// message ever sent: about half a second at a million and a half messages, growing until the
// scrape's timeout drops the queue's gauge. The pending ones are counted from outbox_pending_idx;
// the failed ones get a partial index of their own. A message enters it only when it fails for
// good, an update that changes its status and so already writes its indexes (status is in the
// pending indexes' predicate): the lease and retry updates, which change no status, stay on their
// page as before.
// The back office's disputes list reads the newest disputes of a status, or of any status, 200 at a
// time. With no index on their time, each call joined and sorted every dispute of that status
// before keeping 200, and the call without a status joined every movement ever made (1.5 s at a
// million and a half movements). These indexes hold the list's order, newest first and by id
// within an instant, so a call reads its 200 and their movements by key. Disputes are written when
// opened and decided, never on a payment's path.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index outbox_failed_idx on outbox_messages (id) where status = 'failed'`.execute(db);
  await sql`create index reclamacoes_status_criado on reclamacoes (status, criado_em desc, id desc)`.execute(
    db,
  );
  await sql`create index reclamacoes_criado on reclamacoes (criado_em desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index reclamacoes_criado`.execute(db);
  await sql`drop index reclamacoes_status_criado`.execute(db);
  await sql`drop index outbox_failed_idx`.execute(db);
}
