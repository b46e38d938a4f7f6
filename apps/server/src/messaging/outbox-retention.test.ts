import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase, testDatabaseKind } from '../test-support/test-database.ts';
import { until } from '../test-support/until.ts';
import { OutboxRetention } from './outbox-retention.ts';

const DAY_MS = 24 * 60 * 60_000;

describe(`sent messages past their retention, on ${testDatabaseKind}`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.db.deleteFrom('outbox_messages').execute();
  });

  /** A message written `daysAgo` days before `now`, in this status; its id. */
  const message = async (now: Date, daysAgo: number, status: 'pending' | 'sent' | 'failed', text: string) => {
    const at = new Date(now.getTime() - daysAgo * DAY_MS);
    const row = await database.db
      .insertInto('outbox_messages')
      .values({
        channel: 'whatsapp',
        recipient: '+50937000001',
        text,
        purpose: 'transfer_code',
        status,
        created_at: at,
        sent_at: status === 'sent' ? at : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const texts = async () =>
    (await database.db.selectFrom('outbox_messages').select('text').orderBy('id').execute()).map(
      (r) => r.text,
    );

  it('deletes the messages sent before the retention period and keeps the rest', async () => {
    const now = new Date();
    await message(now, 31, 'sent', 'old sent');
    await message(now, 30.5, 'sent', 'just past');
    await message(now, 29.9, 'sent', 'within');
    await message(now, 45, 'failed', 'old failed');
    await message(now, 45, 'pending', 'old pending');
    await message(now, 0, 'sent', 'today');
    const retention = new OutboxRetention(database.db, { retentionDays: 30 });
    expect(await retention.purge(now)).toBe(2);
    expect(await texts()).toEqual(['within', 'old failed', 'old pending', 'today']);
    expect(await retention.purge(now)).toBe(0);
  });

  it('deletes a backlog larger than one batch, every row of it', async () => {
    const now = new Date();
    await sql`insert into outbox_messages (channel, recipient, text, purpose, status, created_at, sent_at)
              select 'whatsapp', '+50937000002', 'old ' || n, 'transfer_code', 'sent',
                     ${now}::timestamptz - interval '40 days', ${now}::timestamptz - interval '40 days'
                from generate_series(1, 2500) as n`.execute(database.db);
    await message(now, 1, 'sent', 'recent');
    expect(await new OutboxRetention(database.db, { retentionDays: 30 }).purge(now)).toBe(2500);
    expect(await texts()).toEqual(['recent']);
  });

  it('runs on its interval once started, and stops', async () => {
    const now = new Date();
    await message(now, 40, 'sent', 'old');
    const retention = new OutboxRetention(database.db, { retentionDays: 30, intervalMs: 20 });
    retention.start();
    await until('the old message deleted', async () => (await texts()).length === 0);
    await retention.stop();
    expect(await texts()).toEqual([]);
  });
});
