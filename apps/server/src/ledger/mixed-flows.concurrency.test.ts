import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, codeForMovement, type SeededUser, seedUser } from '../test-support/ledger-fixtures.ts';
import { LIFTED_LEVEL_LIMITS_ENV } from '../test-support/lifted-limits.ts';
import { type CreatedProduct, createCompanyAs, createProductAs } from '../test-support/marketplace.ts';
import { feePayment, seedAgentAccount } from '../test-support/movement-legs.ts';
import { seededRandom, seedFrom } from '../test-support/seeded-random.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { ExpirySweeper, FEE_ACCOUNT_ID, ledger, type PartyHoldPolicy, requestHashOf } from './ledger.ts';

// Every way money moves, at once, on a few shared accounts: transfers (hold, then the code),
// purchases (hold, then the code), fee-bearing payments (three legs, posted at once) and escrows
// (a party-confirmed hold whose expiry posts it) that the sweeper posts while their payers confirm
// or void some of them. Then the invariants, and what each escrow really did.

const PEOPLE = 8;
const SELLERS = 4;
const SELLER_BONUS_CENTIS = 10_000;
/** Holds whose expiry posts them, a third each confirmed, voided or left to the sweeper. */
const ESCROWS = 12;
const BONUS_CENTIS = 50_000;
const FEE_CENTIS = 25;
const COMMISSION_CENTIS = 10;
/**
 * Short, so the escrows expire while the rest of the mix still runs, and a step apart, so that
 * each expires on its own and its payer's call meets a sweep rather than every escrow being
 * taken by whichever sweep came first.
 */
const ESCROW_EXPIRY_MS = 400;
const ESCROW_EXPIRY_STEP_MS = 150;
/** A ceiling for a hang on a busy 2-core machine, not an expectation. */
const BUDGET_MS = 60_000;
const quiet = { info: () => {}, error: () => {} };

type EscrowAction = 'party confirms' | 'payer voids' | 'left to expiry';
type Escrow = {
  movementId: string;
  amount: number;
  payer: SeededUser;
  seller: SeededUser;
  action: EscrowAction;
  answer?: { ok: boolean; error?: string; status?: string };
};

/** Waits for `condition`, polling, within the budget. */
async function until(what: string, condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + BUDGET_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe(`transfers, purchases, fee payments and escrows interleaved on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let people: SeededUser[];
  let sellers: SeededUser[];
  let agentAccount: string;
  let products: { product: CreatedProduct; owner: SeededUser }[];
  beforeAll(async () => {
    // Lifted limits: the mix measures the ledger's safety, not the product's limits (limits.test.ts).
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '10000', LEVEL_LIMITS: LIFTED_LEVEL_LIMITS_ENV });
    people = [];
    for (let i = 0; i < PEOPLE; i++) people.push(await seedUser(t, { bonusCentis: BONUS_CENTIS }));
    sellers = [];
    for (let i = 0; i < SELLERS; i++) sellers.push(await seedUser(t, { bonusCentis: SELLER_BONUS_CENTIS }));
    agentAccount = await seedAgentAccount(t, people[0] as SeededUser);
    products = [];
    for (const owner of people.slice(0, 2)) {
      const signedIn = { ...owner, refreshCookie: '' };
      const company = await createCompanyAs(t, signedIn);
      products.push({
        product: await createProductAs(t, signedIn, company.id, { preco_centis: 300, estoque: 1_000 }),
        owner,
      });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const balanceOf = async (accountId: string) =>
    Number(
      (
        await t.database.db
          .selectFrom('kreyolcash_contas')
          .select('saldo_centis')
          .where('id', '=', accountId)
          .executeTakeFirstOrThrow()
      ).saldo_centis,
    );
  const statusesOf = async (movementIds: string[]) =>
    new Map(
      (
        await t.database.db
          .selectFrom('kreyolcash_movimentacoes')
          .select(['id', 'status'])
          .where('id', 'in', movementIds.length > 0 ? movementIds : [randomUUID()])
          .execute()
      ).map((m) => [m.id, m.status]),
    );

  it('conserves money, holds nothing it should not, and posts or voids each escrow exactly once', async () => {
    const seed = seedFrom('MIXED_FLOWS_SEED');
    const rand = seededRandom(seed);
    const pick = <T>(from: T[]) => from[Math.floor(rand() * from.length)] as T;
    const otherThan = (someone: SeededUser) => {
      const other = pick(people);
      return other === someone ? (people[(people.indexOf(other) + 1) % people.length] as SeededUser) : other;
    };
    const deps = () => t.app.deps;
    const outcomes: Record<string, number> = {};
    const count = (what: string) => {
      outcomes[what] = (outcomes[what] ?? 0) + 1;
    };
    const escrows: Escrow[] = [];
    const sweeper = new ExpirySweeper(t.database.db, quiet, { levelLimits: t.config.levelLimits });
    let feePaymentsPosted = 0;

    const transfer = async () => {
      const payer = pick(people);
      const payee = otherThan(payer);
      const amount = 1 + Math.floor(rand() * 2_000);
      const held = await ledger.hold(deps(), {
        kind: 'transfer',
        payerId: payer.id,
        payeeAccountId: payee.id,
        amountCentis: amount,
        note: null,
        idempotencyKey: randomUUID(),
        requestHash: requestHashOf('transfer', [payee.id, amount]),
      });
      if (!held.ok) return count(`transfer ${held.error}`);
      const posted = await ledger.post(deps(), {
        kind: 'transfer',
        movementId: held.movimentacao_id,
        payerId: payer.id,
        code: await codeForMovement(t, held.movimentacao_id),
      });
      count(posted.ok ? 'transfer posted' : `transfer ${posted.error}`);
    };

    const purchase = async () => {
      const { product, owner } = pick(products);
      const buyer = otherThan(owner);
      const quantity = 1 + Math.floor(rand() * 3);
      const held = await ledger.hold(deps(), {
        kind: 'purchase',
        buyerId: buyer.id,
        productId: product.id,
        quantity,
        idempotencyKey: randomUUID(),
        requestHash: requestHashOf('purchase', [product.id, quantity]),
      });
      if (!held.ok) return count(`purchase ${held.error}`);
      const posted = await ledger.post(deps(), {
        kind: 'purchase',
        saleId: held.venda_id,
        buyerId: buyer.id,
        code: await codeForMovement(t, held.venda_id),
      });
      // A buyer's newer purchase of the same product voids the earlier one still pending.
      count(posted.ok ? 'purchase posted' : `purchase ${posted.error}`);
    };

    const feeBearingPayment = async () => {
      const payer = pick(people);
      const payee = otherThan(payer);
      const amount = 1 + Math.floor(rand() * 2_000);
      const posted = await ledger.postLegs(deps(), {
        movementKind: 'transferencia',
        legs: feePayment(payer.id, payee.id, agentAccount, amount, FEE_CENTIS, COMMISSION_CENTIS),
        note: null,
      });
      if (posted.ok) feePaymentsPosted += 1;
      count(posted.ok ? 'fee payment posted' : `fee payment ${posted.error}`);
    };

    const escrow = (action: EscrowAction, seller: SeededUser, expiryMs: number) => async () => {
      const payer = pick(people);
      const amount = 100 + Math.floor(rand() * 900);
      // The escrow of ledger.md: its buyer releases it, or its expiry does.
      const policy: PartyHoldPolicy = {
        confirmation: { by: 'party', partyId: payer.id },
        countsInLimits: true,
        expiry: { afterMs: expiryMs, action: 'post' },
      };
      const held = await ledger.hold(deps(), {
        kind: 'movement',
        movementKind: 'transferencia',
        debitAccountId: payer.id,
        creditAccountId: seller.id,
        amountCentis: amount,
        note: 'escrow',
        idempotencyKey: randomUUID(),
        requestHash: requestHashOf('movement', [seller.id, amount]),
        policy,
      });
      if (!held.ok) throw new Error(`escrow hold refused: ${held.error}`);
      const movementId = held.movimentacao_id;
      const entry: Escrow = { movementId, amount, payer, seller, action };
      const first = escrows.push(entry) % 2 === 0 ? 'call' : 'sweep';
      if (action === 'left to expiry') return;
      // Acting only once it has expired, so the payer's or party's call races the sweeper's post.
      await until(`escrow ${movementId} expired`, async () => {
        const { rows } = await sql<{ due: boolean }>`
          select expira_em <= now() as due from kreyolcash_movimentacoes where id = ${movementId}::uuid`.execute(
          t.database.db,
        );
        return rows[0]?.due === true;
      });
      // One sweep started with the call, each first in turn: either may take the movement's lock.
      const act = () =>
        action === 'party confirms'
          ? ledger.post(deps(), { kind: 'party', movementId, partyId: payer.id })
          : ledger.void(deps(), { kind: 'movement', movementId, payerId: payer.id });
      if (first === 'call') [entry.answer] = await Promise.all([act(), sweeper.sweep()]);
      else [, entry.answer] = await Promise.all([sweeper.sweep(), act()]);
    };

    /**
     * The mix, one entry per operation, run all at once in a shuffled order. Another flow (a
     * dispute of a posted transfer, say) is one more function above and its entries here.
     */
    const operations = (): (() => Promise<void>)[] => {
      const times = (n: number, make: (i: number) => () => Promise<void>) =>
        Array.from({ length: n }, (_, i) => make(i));
      const actions: EscrowAction[] = ['party confirms', 'payer voids', 'left to expiry'];
      const mix = [
        ...times(12, () => transfer),
        ...times(8, () => purchase),
        ...times(12, () => feeBearingPayment),
        ...times(ESCROWS, (i) =>
          escrow(
            actions[i % actions.length] as EscrowAction,
            sellers[i % SELLERS] as SeededUser,
            ESCROW_EXPIRY_MS + i * ESCROW_EXPIRY_STEP_MS,
          ),
        ),
      ];
      for (let i = mix.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [mix[i], mix[j]] = [mix[j] as () => Promise<void>, mix[i] as () => Promise<void>];
      }
      return mix;
    };
    const mix = operations();

    const before = await checkLedger(t.database.db);
    const feesBefore = await balanceOf(FEE_ACCOUNT_ID);
    // The sweeper on its own timer too, as the server runs it, all along the mix.
    // A timed sweep's failure is only logged: kept, to be asserted on.
    const sweepFailures: unknown[] = [];
    const logged = { info: () => {}, error: (failure: unknown) => void sweepFailures.push(failure) };
    const timed = new ExpirySweeper(t.database.db, logged, {
      levelLimits: t.config.levelLimits,
      intervalMs: 500,
    });
    timed.start();
    const settled = await Promise.allSettled(mix.map((operation) => operation())).finally(() => timed.stop());
    // Then until no escrow is pending: those left to their expiry that no sweep has reached yet.
    await until('every escrow ended', async () => {
      await sweeper.sweep();
      const statuses = await statusesOf(escrows.map((e) => e.movementId));
      return [...statuses.values()].every((s) => s !== 'pendente');
    });
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    expect(sweepFailures).toEqual([]);

    const statuses = await statusesOf(escrows.map((e) => e.movementId));
    for (const e of escrows) {
      const by = e.action === 'left to expiry' || !e.answer?.ok ? 'by its expiry' : 'by the call';
      count(`escrow ${e.action}: ${statuses.get(e.movementId)} ${by}`);
    }
    console.table({ seed, ...outcomes });

    // Each flow did its work, and refused only as it may.
    expect(outcomes['transfer posted']).toBeGreaterThan(0);
    expect(outcomes['purchase posted']).toBeGreaterThan(0);
    expect(outcomes['fee payment posted']).toBeGreaterThan(0);
    const refusals = [
      'transfer insufficient_balance',
      'purchase insufficient_balance',
      'purchase transaction_not_pending',
      'fee payment insufficient_balance',
    ];
    expect(
      Object.keys(outcomes).filter(
        (o) => !o.endsWith(' posted') && !o.startsWith('escrow ') && !refusals.includes(o),
      ),
    ).toEqual([]);

    // Each escrow ended once: posted (by its party or its expiry) or voided by its payer, with
    // exactly its two lines when posted and none when voided.
    expect(escrows).toHaveLength(ESCROWS);
    for (const e of escrows) {
      const status = statuses.get(e.movementId);
      if (e.action === 'left to expiry') expect(status).toBe('concluida');
      else if (e.answer?.ok) expect(status).toBe(e.action === 'party confirms' ? 'concluida' : 'cancelada');
      else {
        // The sweeper's post came first; the payer is told it is no longer pending.
        expect(e.answer).toMatchObject({ ok: false, error: 'transaction_not_pending', status: 'concluida' });
        expect(status).toBe('concluida');
      }
      const lines = await t.database.db
        .selectFrom('kreyolcash_lancamentos')
        .select(['conta_id', 'valor_centis'])
        .where('movimentacao_id', '=', e.movementId)
        .execute();
      const expected =
        status === 'concluida'
          ? [
              [e.payer.id, -e.amount],
              [e.seller.id, e.amount],
            ]
          : [];
      expect(lines.map((l) => [l.conta_id, Number(l.valor_centis)]).sort()).toEqual(expected.sort());
    }
    // Each seller received exactly its escrows that were posted.
    for (const seller of sellers) {
      const posted = escrows
        .filter((e) => e.seller === seller && statuses.get(e.movementId) === 'concluida')
        .reduce((sum, e) => sum + e.amount, 0);
      expect(await balanceOf(seller.id)).toBe(SELLER_BONUS_CENTIS + posted);
    }
    // The fee and the agent's commission of every posted fee payment, and nothing else.
    expect(await balanceOf(FEE_ACCOUNT_ID)).toBe(feesBefore + FEE_CENTIS * feePaymentsPosted);
    expect(await balanceOf(agentAccount)).toBe(COMMISSION_CENTIS * feePaymentsPosted);

    const check = await checkLedger(t.database.db);
    // Money conserved (fees included), none negative, every balance its lines and its legs,
    // nothing held or pending, ledger:check clean.
    expect(check.issuedCentis).toBe(before.issuedCentis);
    expect(check.balancesCentis).toBe(check.issuedCentis);
    expect(check.negativeBalances).toBe(0);
    expect(check.mismatchedUsers).toBe(0);
    expect(check.reservedCentis).toBe(0);
    expect(check.pendingCentis).toBe(0);
    expect(check.problems).toEqual([]);
  });
});
