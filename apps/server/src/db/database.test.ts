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
});
