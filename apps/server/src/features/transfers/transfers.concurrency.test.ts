import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkLedger,
  codeForMovement,
  type SeededUser,
  seedUser,
} from '../../test-support/ledger-fixtures.ts';
import { LIFTED_LEVEL_LIMITS_ENV } from '../../test-support/lifted-limits.ts';
import { seededRandom, seedFrom } from '../../test-support/seeded-random.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

const ACCOUNTS = 50;
const CLIENTS = 24;
const PHASE_MS = 4_000; // a uniform phase, then a hot phase: bounded, whatever the machine's speed

// Jepsen's bank workload, shortened: many clients moving random amounts (many more than the
// payer has) between 50 accounts, then most of them between 2 hot accounts.
describe.runIf(testDatabaseKind === 'postgres')('transfers under concurrency on PostgreSQL', () => {
  let t: TestApp;
  let users: SeededUser[];
  beforeAll(async () => {
    // Hot accounts pass any daily limit in a second: lifted, so the workload measures the ledger.
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '10000', LEVEL_LIMITS: LIFTED_LEVEL_LIMITS_ENV });
    users = [];
    for (let i = 0; i < ACCOUNTS; i++) users.push(await seedUser(t));
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps every invariant: sum conserved, none negative, balances equal movements, reservations released', async () => {
    const seed = seedFrom('BANK_SEED');
    const rand = seededRandom(seed);
    const counts = {
      attempted: 0,
      committed: 0,
      rejected: {} as Record<string, number>,
      wrongCodes: 0,
      serverErrors: 0,
    };
    const reject = (code: string) => {
      counts.rejected[code] = (counts.rejected[code] ?? 0) + 1;
    };
    const pick = (hot: boolean): [SeededUser, SeededUser] => {
      const pool = hot && rand() < 0.8 ? users.slice(0, 2) : users;
      const payer = pool[Math.floor(rand() * pool.length)] as SeededUser;
      let payee = pool[Math.floor(rand() * pool.length)] as SeededUser;
      if (payee === payer) payee = users[(users.indexOf(payer) + 1) % users.length] as SeededUser;
      return [payer, payee];
    };

    const transferOnce = async (hot: boolean) => {
      const [payer, payee] = pick(hot);
      const headers = { authorization: `Bearer ${payer.accessToken}`, 'idempotency-key': randomUUID() };
      counts.attempted += 1;
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/transfers',
        headers,
        payload: { destinatario_email: payee.email, quantidade_centis: 1 + Math.floor(rand() * 9_000) },
      });
      if (started.statusCode >= 500) counts.serverErrors += 1;
      if (started.statusCode !== 201) return reject(started.json().error.code);
      const id = started.json().movimentacao_id as string;
      const code = await codeForMovement(t, id);
      // One in ten: a wrong code first, or a cancel instead of the code.
      const roll = rand();
      if (roll < 0.05) {
        await t.app.inject({ method: 'POST', url: `/api/transfers/${id}/cancel`, headers });
        return reject('cancelled');
      }
      if (roll < 0.1) {
        counts.wrongCodes += 1;
        await t.app.inject({
          method: 'POST',
          url: `/api/transfers/${id}/verify`,
          headers,
          payload: { codigo: code === '123456' ? '654321' : '123456' },
        });
      }
      const done = await t.app.inject({
        method: 'POST',
        url: `/api/transfers/${id}/verify`,
        headers,
        payload: { codigo: code },
      });
      if (done.statusCode >= 500) counts.serverErrors += 1;
      if (done.statusCode === 200) counts.committed += 1;
      else reject(done.json().error.code);
    };

    const runPhase = async (hot: boolean) => {
      const deadline = Date.now() + PHASE_MS;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (Date.now() < deadline) await transferOnce(hot);
        }),
      );
    };
    const issuedBefore = (await checkLedger(t.database.db)).issuedCentis;
    await runPhase(false);
    await runPhase(true);

    const check = await checkLedger(t.database.db);
    console.table({ seed, ...counts, rejected: JSON.stringify(counts.rejected), ...check });
    expect(counts.committed).toBeGreaterThan(0);
    expect(counts.rejected.insufficient_balance ?? 0).toBeGreaterThan(0);
    expect(counts.serverErrors).toBe(0);
    expect(check.issuedCentis).toBe(issuedBefore);
    expect(check.balancesCentis).toBe(check.issuedCentis);
    expect(check.negativeBalances).toBe(0);
    expect(check.mismatchedUsers).toBe(0);
    expect(check.reservedCentis).toBe(0);
    expect(check.pendingCentis).toBe(0);
  });
});
