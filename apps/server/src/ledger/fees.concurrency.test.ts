import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorSession } from '../test-support/operators.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { until } from '../test-support/until.ts';
import { quoteFee } from './ledger.ts';

// A cash-out reads its fee in the transaction of its hold (quoteFee with lock): a replacement of
// the table published meanwhile waits for that transaction, so the fee held is the fee of the
// table in force, and the replacement's audit row names that table as its "before".
// PostgreSQL only: PGlite's one session runs the two one after the other.

describe.runIf(testDatabaseKind === 'postgres')('a fee table replaced while a hold reads it', () => {
  let t: TestApp;
  let finance: Awaited<ReturnType<typeof operatorSession>>;
  beforeAll(async () => {
    t = await createTestApp({ AGENTS_ENABLED: 'true' });
    finance = await operatorSession(t, 'finance');
  });
  afterAll(async () => t?.close());

  const newTable = [
    { de_centis: 1, ate_centis: 7_500_000, fixa_centis: 900, percentual_bp: 0, comissao_bp: 0 },
  ];

  it('waits for the hold’s transaction, which keeps the fee it read until it ends', async () => {
    let replacement: Promise<{ statusCode: number }> | undefined;
    const fees = await t.database.db.transaction().execute(async (trx) => {
      const first = await quoteFee(trx, 'saque', 25_000, { lock: true });
      // then() starts the request now (inject alone waits to be awaited).
      replacement = t.app
        .inject({
          method: 'PUT',
          url: '/api/admin/fees/saque',
          headers: { cookie: finance.cookie },
          payload: { faixas: newTable },
        })
        .then((res) => res);
      // The replacement waits on this transaction: a lock on its id, not granted.
      const { rows: mine } = await sql<{ xid: string }>`
        select transactionid::text as xid from pg_locks
         where locktype = 'transactionid' and granted and pid = pg_backend_pid()`.execute(trx);
      const xid = mine[0]?.xid;
      expect(xid).toBeDefined();
      await until('the replacement waits for the table', async () => {
        const { rows } = await sql<{ waiting: number }>`
          select count(*)::int as waiting from pg_locks
           where locktype = 'transactionid' and not granted and transactionid::text = ${xid}`.execute(
          t.database.db,
        );
        return (rows[0]?.waiting ?? 0) > 0;
      });
      const again = await quoteFee(trx, 'saque', 25_000, { lock: true });
      return [first.tarifa_centis, again.tarifa_centis];
    });
    expect(fees).toEqual([500, 500]);
    expect((await replacement)?.statusCode).toBe(200);
    expect((await quoteFee(t.database.db, 'saque', 25_000)).tarifa_centis).toBe(900);
    const audit = await t.database.db
      .selectFrom('auditoria')
      .select(['antes', 'depois'])
      .where('acao', '=', 'fees.update')
      .executeTakeFirstOrThrow();
    expect((audit.antes as { fixa_centis: number }[])[0]?.fixa_centis).toBe(500);
    expect(audit.depois).toEqual(newTable);
  });

  it('queues concurrent replacements of one table: each before is the table another one left', async () => {
    const tables = [100, 200, 300, 400].map((fixa) => [
      { de_centis: 1, ate_centis: 5_000, fixa_centis: fixa, percentual_bp: 0, comissao_bp: 0 },
      { de_centis: 5_001, ate_centis: 10_000, fixa_centis: fixa * 2, percentual_bp: 0, comissao_bp: 0 },
    ]);
    const results = await Promise.all(
      tables.map((faixas) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/admin/fees/transferencia',
          headers: { cookie: finance.cookie },
          payload: { faixas },
        }),
      ),
    );
    expect(results.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await t.database.db
      .selectFrom('auditoria')
      .select(['antes', 'depois'])
      .where('acao', '=', 'fees.update')
      .where('alvo_id', '=', 'transferencia')
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.antes)).toEqual([[], ...rows.slice(0, -1).map((row) => row.depois)]);
  });
});
