import type { Kysely } from 'kysely';
import type { DB, OutboxStatus } from '../db/schema.ts';
import { contentOf, type StoredContent } from '../messaging/render.ts';

// How tests, the chaos suite and the benchmarks read a queued message: as its recipient will, so
// through the worker's own renderer. A row carries a template and its parameters (rendered in
// its language) or a text written by its caller; both read the same way here.

/** The columns a message's content is made of: select these, then read them with the helpers. */
export const MESSAGE_CONTENT = ['template', 'params', 'idioma', 'text', 'subject', 'html'] as const;

export type StoredMessage = StoredContent;

/** The text its recipient reads. */
export function textOf(row: StoredMessage): string {
  return contentOf(row).text;
}

/** The 6-digit code of a code message (written `*123456*`), as its recipient reads it. */
export function codeIn(row: StoredMessage): string {
  const text = textOf(row);
  const code = text.match(/\*(\d{6})\*/)?.[1];
  if (!code) throw new Error(`no code in: ${text}`);
  return code;
}

/** A parameter of the link in a message (`#token=…`, `&refresh_token=…`), or undefined. */
export function linkParamIn(row: StoredMessage, param: string): string | undefined {
  return new RegExp(`[#&]${param}=([A-Za-z0-9_-]+)`).exec(textOf(row))?.[1];
}

/**
 * Every message by status, sent ones included: what a test checks was delivered. It reads the whole
 * outbox, which the app never does (countPendingAndFailed).
 */
export async function messagesByStatus(db: Kysely<DB>): Promise<Record<OutboxStatus, number>> {
  const rows = await db
    .selectFrom('outbox_messages')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  const counts: Record<OutboxStatus, number> = { pending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}
