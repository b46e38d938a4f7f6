import type { Locale } from '@kreyolcash/domain';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { DB, OutboxChannel, OutboxMessagesTable } from '../db/schema.ts';
import type { TemplateName, TemplateParams } from './templates.ts';

export type OutboxMessage = Selectable<OutboxMessagesTable>;

/** A template of the registry (templates.ts), its parameters, and the recipient's language. */
export type TemplatedContent = {
  [K in TemplateName]: { template: K; params: TemplateParams<K>; idioma: Locale };
}[TemplateName];

/** Text written by the caller (the transports' own tests, rows written before templates). */
export type WrittenContent = { text: string; subject?: string | undefined; html?: string | undefined };

export type NewOutboxMessage = {
  channel: OutboxChannel;
  recipient: string;
  purpose: string;
  /** What the message is about (a movement, a sale, a phone change…), for support and audits. */
  referencia?: string | undefined;
} & (TemplatedContent | WrittenContent);

export async function insertMessage(trx: Transaction<DB>, message: NewOutboxMessage): Promise<number> {
  const content =
    'template' in message
      ? {
          template: message.template,
          params: JSON.stringify(message.params),
          idioma: message.idioma,
          text: null,
          subject: null,
          html: null,
        }
      : { text: message.text, subject: message.subject ?? null, html: message.html ?? null };
  const row = await trx
    .insertInto('outbox_messages')
    .values({
      channel: message.channel,
      recipient: message.recipient,
      ...content,
      purpose: message.purpose,
      referencia: message.referencia ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Leases up to `limit` recipients' due messages for delivery (outbox_arrendar, migrations 0029 and
 * 0036): each recipient's oldest pending message, and up to `perRecipient` - 1 of the messages that
 * follow it for that recipient, which the caller sends one after another, so a recipient receives
 * messages in creation order. Only the oldest is chosen, and rows another worker holds are skipped
 * (SKIP LOCKED), so one worker at a time holds a recipient's messages; a lease that outlives a
 * crashed worker expires, and its messages are sent again (at-least-once). It walks the pending
 * messages from the oldest (outbox_pending_idx) and stops at the batch, whatever was sent before;
 * whether a message is its recipient's oldest is one probe of outbox_pending_recipient_idx (a
 * subquery, which PostgreSQL runs with the row's recipient as its key: as a `not exists`, planned
 * while the table looked small, it became a walk of every pending message for each candidate, 3–30
 * ms a lease under the HTTP bench). A function, so that its plan is kept on the connection, not
 * made at every poll; the function's settings make every plan it makes that walk, whatever the
 * queue's length. Answers the messages in id order.
 */
export async function leaseDueMessages(
  db: Kysely<DB>,
  lease: { limit: number; leaseMs: number; perRecipient: number },
): Promise<OutboxMessage[]> {
  const { rows } = await sql<OutboxMessage>`
    select * from outbox_arrendar(${lease.limit}::integer, ${Math.max(1, Math.round(lease.leaseMs))}::bigint,
                                  ${Math.max(1, lease.perRecipient)}::integer)`.execute(db);
  return rows.sort((a, b) => a.id - b.id);
}

/** Gives leased messages that were not sent back to the queue, their attempt not counted (outbox_devolver). */
export async function releaseUnsent(db: Kysely<DB>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`select outbox_devolver(${[...ids]}::bigint[])`.execute(db);
}

/** Marks these messages sent (outbox_marcar_enviadas, migration 0029: its plan is kept too). */
export async function markSent(db: Kysely<DB>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`select outbox_marcar_enviadas(${[...ids]}::bigint[])`.execute(db);
}

/**
 * Records a failed attempt (outbox_falhar, migration 0037): its error, and either its next attempt
 * (the recipient's later messages then wait for it) or, with no retry left, the failure for good.
 */
export async function markAttemptFailed(
  db: Kysely<DB>,
  id: number,
  failure: { error: string; retryInMs: number | null },
): Promise<void> {
  const retryInMs = failure.retryInMs === null ? null : Math.max(0, Math.round(failure.retryInMs));
  await sql`select outbox_falhar(${id}::bigint, ${failure.error.slice(0, 1000)}, ${retryInMs}::bigint)`.execute(
    db,
  );
}

export async function listRecentMessages(
  db: Kysely<DB>,
  filter: {
    limit: number;
    referencia?: string | undefined;
    recipient?: string | undefined;
    only?: 'codes' | undefined;
  },
): Promise<OutboxMessage[]> {
  let query = db.selectFrom('outbox_messages').selectAll();
  if (filter.referencia) query = query.where('referencia', '=', filter.referencia);
  if (filter.recipient) query = query.where('recipient', '=', filter.recipient);
  // A phone's codes in the order of outbox_codigos_por_telefone_idx (by time), whose predicate is
  // written as there, as text of the statement. The read stops after `limit` codes and those of the
  // same instant as the last (WITH TIES), however many codes the phone was sent; codes of one instant
  // (one transaction's, or one millisecond's on PGlite) then come newest id first.
  if (filter.only === 'codes') {
    const codes = await query
      .where(sql<boolean>`purpose like '%_code'`)
      .orderBy('created_at', 'desc')
      .offset(0)
      .fetch(filter.limit, 'with ties')
      .execute();
    return codes.sort(newestFirst).slice(0, filter.limit);
  }
  return query.orderBy('id', 'desc').limit(filter.limit).execute();
}

function newestFirst(a: OutboxMessage, b: OutboxMessage): number {
  return b.created_at.getTime() - a.created_at.getTime() || b.id - a.id;
}

/**
 * What operators and alerts watch: the messages waiting to go out (the queue's depth) and those
 * that failed for good. Each is counted from its own partial index (outbox_pending_idx,
 * outbox_failed_idx, migration 0031), a read the size of the queue and of the failures. Sent
 * messages are not counted: that count would read every message kept (a month of them by default).
 */
export async function countPendingAndFailed(db: Kysely<DB>): Promise<{ pending: number; failed: number }> {
  const { rows } = await sql<{ pending: number; failed: number }>`
    select (select count(*) from outbox_messages where status = 'pending') as pending,
           (select count(*) from outbox_messages where status = 'failed') as failed`.execute(db);
  const counts = rows[0];
  if (!counts) throw new Error('no outbox counts');
  return counts;
}

/** When the oldest message still waiting to go out was written; null when the queue is empty. */
export async function oldestPendingMessageAt(db: Kysely<DB>): Promise<Date | null> {
  const row = await db
    .selectFrom('outbox_messages')
    .select((eb) => eb.fn.min('created_at').as('oldest'))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row?.oldest ? new Date(row.oldest) : null;
}

/** Puts failed messages back in the queue with a fresh attempt budget; returns how many. */
export async function requeueFailed(db: Kysely<DB>): Promise<number> {
  const result = await db
    .updateTable('outbox_messages')
    .set({ status: 'pending', attempts: 0, next_attempt_at: sql`now()`, lease_until: null })
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The first message written at or after `instant`, by id; null when none is. Ids are handed out in
 * the order messages are written, so every id below it is a message written before (give or take
 * a transaction in flight). The walk is the primary key's from the oldest row: once older messages
 * are deleted, that is a few rows, with no index of the messages' time to keep up (migration 0020).
 */
export async function firstMessageIdSince(db: Kysely<DB>, instant: Date): Promise<number | null> {
  const { rows } = await sql<{ id: number }>`
    select id from outbox_messages where created_at >= ${instant} order by id limit 1`.execute(db);
  return rows[0]?.id ?? null;
}

/**
 * Deletes up to `limit` messages sent before `before` whose id is below `belowId` (null: any id),
 * oldest first, through the primary key; returns how many. A sent message's text can carry a code
 * or a link's token, and nothing reads it once it has gone: the resent-code limit counts only the
 * last minutes. Pending and failed messages stay (an operator requeues the failed). Rows another
 * process is deleting are skipped, not waited for.
 */
export async function deleteSentBefore(
  db: Kysely<DB>,
  before: Date,
  belowId: number | null,
  limit: number,
): Promise<number> {
  const result = await sql`
    delete from outbox_messages
     where id in (select id from outbox_messages
                   where id < ${belowId ?? Number.MAX_SAFE_INTEGER} and status = 'sent' and created_at < ${before}
                   order by id limit ${limit} for update skip locked)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
