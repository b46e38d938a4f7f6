import { randomUUID } from 'node:crypto';
import { type FeeBand, feeFor } from '@kreyolcash/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEE_ACCOUNT_ID } from '../../ledger/ledger.ts';
import { expectLedgerSound } from '../../test-support/ledger-assertions.ts';
import {
  checkLedger,
  codeForMovement,
  type SeededUser,
  seedUser,
} from '../../test-support/ledger-fixtures.ts';
import { LIFTED_LEVEL_LIMITS_ENV } from '../../test-support/lifted-limits.ts';
import { operatorSession } from '../../test-support/operators.ts';
import { seededRandom, seedFrom } from '../../test-support/seeded-random.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

const ACCOUNTS = 12;
const CLIENTS = 12;
const TRANSFERS_PER_CLIENT = 12;

// Two tables finance keeps swapping while people send: a fixed fee, then a fixed fee plus 1,5 %.
const TABLES: FeeBand[][] = [
  [{ de_centis: 1, ate_centis: 10_000, fixa_centis: 100, percentual_bp: 0, comissao_bp: 0 }],
  [{ de_centis: 1, ate_centis: 10_000, fixa_centis: 50, percentual_bp: 150, comissao_bp: 0 }],
];

// Many transfers with a fee at once, each quoted then confirmed, while the transfer table is
// replaced under them: a transfer holds the fee of its hold's snapshot or is refused with
// fee_changed, and the money adds up whatever the interleaving.
describe.runIf(testDatabaseKind === 'postgres')('transfers with fees under concurrency on PostgreSQL', () => {
  let t: TestApp;
  let users: SeededUser[];
  let finance: Awaited<ReturnType<typeof operatorSession>>;
  const publish = async (faixas: FeeBand[]) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/fees/transferencia',
      headers: { cookie: finance.cookie },
      payload: { faixas },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  beforeAll(async () => {
    t = await createTestApp({
      AGENTS_ENABLED: 'true',
      RATE_LIMIT_MULTIPLIER: '10000',
      LEVEL_LIMITS: LIFTED_LEVEL_LIMITS_ENV,
    });
    finance = await operatorSession(t, 'finance');
    await publish(TABLES[0] as FeeBand[]);
    users = [];
    for (let i = 0; i < ACCOUNTS; i++) users.push(await seedUser(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('conserves money, charges a published fee on every posted transfer, and leaves the ledger sound', async () => {
    const rand = seededRandom(seedFrom('FEE_SEED'));
    const outcomes: Record<string, number> = {};
    const count = (what: string) => {
      outcomes[what] = (outcomes[what] ?? 0) + 1;
    };
    const feeAccount = async () =>
      (
        await t.database.db
          .selectFrom('kreyolcash_contas')
          .select('saldo_centis')
          .where('id', '=', FEE_ACCOUNT_ID)
          .executeTakeFirstOrThrow()
      ).saldo_centis;
    const feesBefore = await feeAccount();
    const issuedBefore = (await checkLedger(t.database.db)).issuedCentis;

    const transferOnce = async () => {
      const payer = users[Math.floor(rand() * users.length)] as SeededUser;
      const payee =
        users[(users.indexOf(payer) + 1 + Math.floor(rand() * (users.length - 1))) % users.length];
      const amount = 1 + Math.floor(rand() * 3_000);
      const headers = { authorization: `Bearer ${payer.accessToken}` };
      const quote = await t.app.inject({
        url: `/api/fees/quote?operacao=transferencia&quantidade_centis=${amount}`,
        headers,
      });
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/transfers',
        headers: { ...headers, 'idempotency-key': randomUUID() },
        payload: {
          destinatario_email: payee?.email,
          quantidade_centis: amount,
          tarifa_centis: quote.json().tarifa_centis,
        },
      });
      if (started.statusCode !== 201)
        return count(started.json().error?.code ?? `http_${started.statusCode}`);
      const id = started.json().movimentacao_id as string;
      if (rand() < 0.15) {
        await t.app.inject({ method: 'POST', url: `/api/transfers/${id}/cancel`, headers });
        return count('cancelled');
      }
      const done = await t.app.inject({
        method: 'POST',
        url: `/api/transfers/${id}/verify`,
        headers,
        payload: { codigo: await codeForMovement(t, id) },
      });
      count(done.statusCode === 200 ? 'posted' : (done.json().error?.code ?? `http_${done.statusCode}`));
    };

    let replacing = true;
    const replacements = (async () => {
      let n = 0;
      while (replacing) {
        n += 1;
        await publish(TABLES[n % 2] as FeeBand[]);
      }
      return n;
    })();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        for (let i = 0; i < TRANSFERS_PER_CLIENT; i++) await transferOnce();
      }),
    );
    replacing = false;
    expect(await replacements).toBeGreaterThan(1);

    console.table(outcomes);
    const unexpected = Object.keys(outcomes).filter(
      (what) => !['posted', 'cancelled', 'fee_changed', 'insufficient_balance'].includes(what),
    );
    expect(unexpected).toEqual([]);
    expect(outcomes.posted ?? 0).toBeGreaterThan(0);

    // Every posted transfer: its amount to the payee, then a fee one of the tables charges for that
    // amount, to the fee account; the fee account got exactly those fees.
    const { rows } = await sql<{ quantidade_centis: number; legs: { conta: string; centis: number }[] }>`
      select m.quantidade_centis,
             (select jsonb_agg(jsonb_build_object('conta', p.conta_credito, 'centis', p.quantidade_centis)
                               order by p.numero)
                from kreyolcash_pernas p where p.movimentacao_id = m.id) as legs
        from kreyolcash_movimentacoes m
       where m.tipo = 'transferencia' and m.status = 'concluida'`.execute(t.database.db);
    expect(rows).toHaveLength(outcomes.posted ?? 0);
    let feesPosted = 0;
    for (const row of rows) {
      expect(row.legs).toHaveLength(2);
      const [, fee] = row.legs;
      const charged = TABLES.map((table) => feeFor(table, row.quantidade_centis)?.tarifa_centis);
      expect(charged).toContain(fee?.centis);
      expect(fee?.conta).toBe(FEE_ACCOUNT_ID);
      feesPosted += fee?.centis ?? 0;
    }
    expect((await feeAccount()) - feesBefore).toBe(feesPosted);

    const check = await checkLedger(t.database.db);
    expect(check.issuedCentis).toBe(issuedBefore);
    expect(check.reservedCentis).toBe(0);
    expect(check.pendingCentis).toBe(0);
    await expectLedgerSound(t.database.db);
  });
});
