import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, codeForMovement, type SeededUser, seedUser } from '../test-support/ledger-fixtures.ts';
import { LIFTED_LEVEL_LIMITS_ENV } from '../test-support/lifted-limits.ts';
import { type CreatedProduct, createCompanyAs, createProductAs } from '../test-support/marketplace.ts';
import { seededRandom, seedFrom } from '../test-support/seeded-random.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { ledger } from './ledger.ts';
import { requestHashOf } from './policy.ts';

const ACCOUNTS = 20;
const CLIENTS = 16;
// The workload runs RUN_MS, then on until each kind of movement the checks name has happened (a
// busy machine does less in the same time), within BUDGET_MS.
const RUN_MS = 5_000;
const BUDGET_MS = 60_000;

// Transfers, purchases, reversals and adjustments interleaved on few accounts, then every
// invariant: money conserved (issued + adjustments), none negative, nothing held, every movement
// balanced by its two ledger lines, every balance equal to its lines (ledger:check).
describe.runIf(testDatabaseKind === 'postgres')('the ledger under mixed concurrent operations', () => {
  let t: TestApp;
  let users: SeededUser[];
  let products: { product: CreatedProduct; owner: SeededUser }[];
  beforeAll(async () => {
    // Hot accounts pass any daily limit in a second: lifted, so the workload measures the ledger.
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '10000', LEVEL_LIMITS: LIFTED_LEVEL_LIMITS_ENV });
    users = [];
    for (let i = 0; i < ACCOUNTS; i++) users.push(await seedUser(t));
    products = [];
    for (const owner of users.slice(0, 3)) {
      const signedIn = { ...owner, refreshCookie: '' };
      const company = await createCompanyAs(t, signedIn);
      products.push({
        product: await createProductAs(t, signedIn, company.id, { preco_centis: 700 }),
        owner,
      });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps every invariant with reversals interleaved with transfers and purchases', async () => {
    const seed = seedFrom('LEDGER_SEED');
    const rand = seededRandom(seed);
    const pickUser = () => users[Math.floor(rand() * users.length)] as SeededUser;
    const posted: string[] = [];
    const counts: Record<string, number> = {};
    const count = (what: string) => {
      counts[what] = (counts[what] ?? 0) + 1;
    };
    let adjustedCentis = 0;

    const transfer = async () => {
      const payer = pickUser();
      let payee = pickUser();
      if (payee === payer) payee = users[(users.indexOf(payer) + 1) % users.length] as SeededUser;
      const amount = 1 + Math.floor(rand() * 6_000);
      const held = await ledger.hold(t.app.deps, {
        kind: 'transfer',
        payerId: payer.id,
        payee: { id: payee.id },
        amountCentis: amount,
        note: null,
        idempotencyKey: randomUUID(),
        requestHash: requestHashOf('transfer', [payee.email, amount]),
      });
      if (!held.ok) return count(`transfer ${held.error}`);
      if (rand() < 0.1) {
        await ledger.void(t.app.deps, {
          kind: 'transfer',
          movementId: held.movimentacao_id,
          payerId: payer.id,
        });
        return count('transfer voided');
      }
      const code = await codeForMovement(t, held.movimentacao_id);
      const done = await ledger.post(t.app.deps, {
        kind: 'transfer',
        movementId: held.movimentacao_id,
        payerId: payer.id,
        code,
      });
      count(done.ok ? 'transfer posted' : `transfer ${done.error}`);
      if (done.ok) posted.push(held.movimentacao_id);
    };
    const purchase = async () => {
      const { product, owner } = products[Math.floor(rand() * products.length)] as (typeof products)[number];
      let buyer = pickUser();
      if (buyer === owner) buyer = users[(users.indexOf(owner) + 5) % users.length] as SeededUser;
      const quantity = 1 + Math.floor(rand() * 3);
      const held = await ledger.hold(t.app.deps, {
        kind: 'purchase',
        buyerId: buyer.id,
        productId: product.id,
        quantity,
        idempotencyKey: randomUUID(),
        requestHash: requestHashOf('purchase', [product.id, quantity]),
      });
      if (!held.ok) return count(`purchase ${held.error}`);
      const code = await codeForMovement(t, held.venda_id);
      const done = await ledger.post(t.app.deps, {
        kind: 'purchase',
        saleId: held.venda_id,
        buyerId: buyer.id,
        code,
      });
      count(done.ok ? 'purchase posted' : `purchase ${done.error}`);
      if (done.ok) posted.push(held.movimentacao_id);
    };
    const reversal = async () => {
      const original = posted[Math.floor(rand() * posted.length)];
      if (!original) return;
      // Two operators at once on the same movement: at most one reversal may happen.
      const answers = await Promise.all(
        [1, 2].map(() =>
          ledger.reverse(t.app.deps, {
            movementId: original,
            actor: 'operator:test',
            reason: 'wrong number',
            idempotencyKey: randomUUID(),
          }),
        ),
      );
      for (const a of answers) count(a.ok ? 'reversed' : `reverse ${a.error}`);
    };
    const adjustment = async () => {
      const amount = (rand() < 0.5 ? -1 : 1) * (1 + Math.floor(rand() * 500));
      const done = await ledger.adjust(t.app.deps, {
        userId: pickUser().id,
        amountCentis: amount,
        reason: 'test correction',
        actor: 'operator:test',
        idempotencyKey: randomUUID(),
      });
      count(done.ok ? 'adjusted' : `adjust ${done.error}`);
      if (done.ok) adjustedCentis += amount;
    };

    const before = await checkLedger(t.database.db);
    const started = Date.now();
    const covered = () =>
      (counts['transfer posted'] ?? 0) > 0 &&
      (counts['purchase posted'] ?? 0) > 0 &&
      (counts.reversed ?? 0) > 0;
    const going = () => {
      const elapsed = Date.now() - started;
      return elapsed < RUN_MS || (elapsed < BUDGET_MS && !covered());
    };
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (going()) {
          const roll = rand();
          if (roll < 0.55) await transfer();
          else if (roll < 0.8) await purchase();
          else if (roll < 0.95) await reversal();
          else await adjustment();
        }
      }),
    );

    const check = await checkLedger(t.database.db);
    console.table({ seed, ...counts });
    expect(counts['transfer posted']).toBeGreaterThan(0);
    expect(counts['purchase posted']).toBeGreaterThan(0);
    expect(counts.reversed).toBeGreaterThan(0);
    expect(check.problems).toEqual([]);
    expect(check.balancesCentis).toBe(before.balancesCentis + adjustedCentis);
    expect(check.negativeBalances).toBe(0);
    expect(check.mismatchedUsers).toBe(0);
    expect(check.reservedCentis).toBe(0);
    expect(check.pendingCentis).toBe(0);
  });
});
