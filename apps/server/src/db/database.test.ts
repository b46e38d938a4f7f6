import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKind } from '../test-support/test-database.ts';
import type { Database } from './database.ts';
import { migrateToLatest } from './migrate.ts';

describe(`database on ${testDatabaseKind}`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    await database.close();
  });

  it('applies every migration once and none on a second run', async () => {
    const first = await migrateToLatest(database.db);
    expect(first).toEqual([
      '0001-baseline',
      '0002-phone-proof',
      '0003-phone-proof-codes',
      '0004-payee-lookups',
      '0005-referral-rewarded-identities',
      '0006-operations',
      '0007-daily-sending-totals',
      '0008-help-requests',
      '0009-amount-ceilings',
      '0010-hold-policies',
      '0011-movement-legs',
      '0012-disputes',
      '0013-agents',
      '0014-fee-bands',
      '0015-agent-movements',
      '0016-float-issuance',
      '0017-cash-complaints',
      '0018-exchange-rate',
      '0019-posting-in-place',
      '0020-outbox-fewer-indexes',
      '0021-outbox-pending-by-id',
      '0022-standalone-codes-by-user',
      '0023-code-messages-by-phone',
      '0024-outbox-without-reference-index',
      '0025-pending-sales-by-buyer',
      '0026-codes-on-movements',
      '0027-notices-from-entries',
      '0028-holds-on-movements',
      '0029-outbox-lease-function',
      '0030-lines-by-time',
      '0031-failed-messages-and-dispute-lists',
      '0032-corrections-by-what-they-correct',
      '0033-user-search-indexes',
      '0034-a-persons-sessions-and-reviews',
      '0035-refresh-retries',
      '0036-outbox-lease-by-recipient',
      '0037-outbox-wait-behind-a-failure',
      '0038-exchange-rate-history',
    ]);
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it('reads int8 as an exact JavaScript number', async () => {
    const { rows } = await sql<{ n: number }>`select ${'9007199254740991'}::int8 as n`.execute(database.db);
    expect(rows[0]?.n).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses an int8 that a JavaScript number cannot hold exactly', async () => {
    await expect(sql`select ${'9007199254740993'}::int8 as n`.execute(database.db)).rejects.toThrow(
      /safe integer/,
    );
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto('audit_log').values({ action: 'test.rollback' }).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows = await database.db
      .selectFrom('audit_log')
      .where('action', '=', 'test.rollback')
      .selectAll()
      .execute();
    expect(rows).toEqual([]);
  });

  // A failover or a restart ends the listener's server session; it must come back by itself, or
  // this process would stop telling its clients about payments.
  it.runIf(testDatabaseKind === 'postgres')('listens again after the server ends its session', async () => {
    const heard: string[] = [];
    const unlisten = await database.listen('kc_listen_test', (payload) => heard.push(payload));
    try {
      await sql`select pg_notify('kc_listen_test', 'before')`.execute(database.db);
      await expect.poll(() => heard).toEqual(['before']);
      const { rows } = await sql<{ ended: number }>`
        select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity
         where datname = current_database() and query ilike 'listen %'`.execute(database.db);
      expect(rows[0]?.ended).toBe(1);
      // Sent until the new session hears one: those sent while it reconnects are missed.
      await expect
        .poll(
          async () => {
            await sql`select pg_notify('kc_listen_test', 'after')`.execute(database.db);
            return heard.includes('after');
          },
          { interval: 250 },
        )
        .toBe(true);
    } finally {
      await unlisten();
    }
  });
});
