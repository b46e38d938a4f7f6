import { randomUUID } from 'node:crypto';
import type { DisputeDecision } from '@kreyolcash/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, codeForMovement, type SeededUser, seedUser } from '../test-support/ledger-fixtures.ts';
import { LIFTED_LEVEL_LIMITS_ENV } from '../test-support/lifted-limits.ts';
import { type CreatedProduct, createCompanyAs, createProductAs } from '../test-support/marketplace.ts';
import { feePayment, seedAgentAccount } from '../test-support/movement-legs.ts';
import { queueNotices } from '../test-support/notices.ts';
import { createOperator } from '../test-support/operators.ts';
import { seededRandom, seedFrom } from '../test-support/seeded-random.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { until } from '../test-support/until.ts';
import {
  disputes,
  ExpirySweeper,
  FEE_ACCOUNT_ID,
  ledger,
  type PartyHoldPolicy,
  requestHashOf,
} from './ledger.ts';

// Every way money moves, at once, on a few shared accounts: transfers (hold, then the code),
// purchases (hold, then the code), fee-bearing payments (three legs, posted at once) and escrows
// (a party-confirmed hold whose expiry posts it) that the sweeper posts while their payers confirm
// or void some of them, and disputes of posted payments and of escrows, opened and decided by
// support while the rest goes on. Then the invariants, and what each escrow and dispute really did.

const PEOPLE = 8;
const SELLERS = 4;
const SELLER_BONUS_CENTIS = 10_000;
/**
 * Holds whose expiry posts them, a third each confirmed, voided or left to the sweeper; of each
 * third, a third undisputed, a third disputed while held (decided at its expiry) and a third
 * disputed at its expiry (opened and decided then).
 */
const ESCROWS = 18;
/** Transfers and purchases disputed once posted. */
const DISPUTED_PAYMENTS = 6;
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
const quiet = { info: () => {}, error: () => {} };

type EscrowAction = 'party confirms' | 'payer voids' | 'left to expiry';
type DisputeMoment = 'undisputed' | 'while held' | 'at expiry';
type Escrow = {
  movementId: string;
  amount: number;
  payer: SeededUser;
  seller: SeededUser;
  action: EscrowAction;
  answer?: { ok: boolean; error?: string; status?: string };
  dispute?: Dispute;
};
type Paid = { movementId: string; amount: number; payer: SeededUser };
type Dispute = Paid & {
  of: 'payment' | 'escrow';
  /** Which decision of those that apply to it (held or posted) support takes. */
  plan: number;
  opened?: { ok: true; reportId: string; heldAtOpen: boolean } | { ok: false; error: string };
  decision?: DisputeDecision;
  refundCentis?: number;
  decided?:
    | { ok: true; status: string; estorno_id: string | null; reembolso_centis: number | null }
    | { ok: false; error: string };
};
/** What support decides, by what the disputed movement was when the dispute opened. */
const DECISIONS: Record<'held' | 'posted', DisputeDecision[]> = {
  held: ['release', 'refund', 'reject'],
  posted: ['reverse', 'refund', 'reject'],
};
const DECIDED_STATUS: Record<DisputeDecision, string> = {
  reverse: 'estornada',
  refund: 'reembolsada',
  release: 'liberada',
  reject: 'rejeitada',
};

/** Waits for `condition`, polling, within the budget. */
describe(`transfers, purchases, fee payments, escrows and disputes interleaved on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let people: SeededUser[];
  let sellers: SeededUser[];
  let agentAccount: string;
  let products: { product: CreatedProduct; owner: SeededUser }[];
  let operator: { id: string };
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
    operator = await createOperator(t, 'support');
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
    const disputed: Dispute[] = [];
    const sweeper = new ExpirySweeper(t.database.db, quiet, { levelLimits: t.config.levelLimits });
    let feePaymentsPosted = 0;

    const transfer = async (): Promise<Paid | undefined> => {
      const payer = pick(people);
      const payee = otherThan(payer);
      const amount = 1 + Math.floor(rand() * 2_000);
      const held = await ledger.hold(deps(), {
        kind: 'transfer',
        payerId: payer.id,
        payee: { id: payee.id },
        amountCentis: amount,
        note: null,
        idempotencyKey: randomUUID(),
        requestHash: requestHashOf('transfer', [payee.id, amount]),
      });
      if (!held.ok) return void count(`transfer ${held.error}`);
      const posted = await ledger.post(deps(), {
        kind: 'transfer',
        movementId: held.movimentacao_id,
        payerId: payer.id,
        code: await codeForMovement(t, held.movimentacao_id),
      });
      count(posted.ok ? 'transfer posted' : `transfer ${posted.error}`);
      return posted.ok ? { movementId: held.movimentacao_id, amount, payer } : undefined;
    };

    const purchase = async (): Promise<Paid | undefined> => {
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
      if (!held.ok) return void count(`purchase ${held.error}`);
      const posted = await ledger.post(deps(), {
        kind: 'purchase',
        saleId: held.venda_id,
        buyerId: buyer.id,
        code: await codeForMovement(t, held.venda_id),
      });
      // A buyer's newer purchase of the same product voids the earlier one still pending.
      count(posted.ok ? 'purchase posted' : `purchase ${posted.error}`);
      return posted.ok
        ? { movementId: held.movimentacao_id, amount: product.preco_centis * quantity, payer: buyer }
        : undefined;
    };

    // A dispute of a movement (its payer's: not delivered), then support's decision.
    const openDispute = async (d: Dispute) => {
      const opened = await disputes.open(deps(), {
        movementId: d.movementId,
        payerId: d.payer.id,
        kind: 'nao_entregue',
        description: 'Pa janm rive',
        decisionHours: 24,
      });
      if (!opened.ok) {
        d.opened = { ok: false, error: opened.error };
        return count(`dispute of ${d.of === 'escrow' ? 'an escrow' : 'a payment'}: ${opened.error}`);
      }
      // Under an open dispute a held movement stays held: what it is now, it is until the decision.
      const [status] = (await statusesOf([d.movementId])).values();
      d.opened = { ok: true, reportId: opened.reclamacao_id, heldAtOpen: status === 'pendente' };
    };
    const decideDispute = async (d: Dispute) => {
      if (!d.opened?.ok) return;
      const held = d.opened.heldAtOpen;
      const decision = DECISIONS[held ? 'held' : 'posted'][d.plan % 3] as DisputeDecision;
      // A held refund is the whole hold voided; a posted one, a part of it.
      const refundCentis = decision === 'refund' && !held ? Math.max(1, Math.floor(d.amount / 3)) : undefined;
      d.decision = decision;
      d.refundCentis = refundCentis;
      const decided = await disputes.decide(
        deps(),
        {
          reportId: d.opened.reportId,
          operator,
          reason: 'Sipò a tcheke',
          decision,
          ...(refundCentis ? { refundCentis } : {}),
        },
        async () => {},
      );
      d.decided = decided.ok
        ? {
            ok: true,
            status: decided.status,
            estorno_id: decided.estorno_id,
            reembolso_centis: decided.reembolso_centis,
          }
        : { ok: false, error: decided.error };
      count(
        `dispute of a ${held ? 'held' : 'posted'} ${d.of}: ${decision} ${decided.ok ? decided.status : decided.error}`,
      );
    };
    const disputedPayment = (pay: () => Promise<Paid | undefined>, plan: number) => async () => {
      const paid = await pay();
      if (!paid) return;
      const d: Dispute = { ...paid, of: 'payment', plan };
      disputed.push(d);
      await openDispute(d);
      await decideDispute(d);
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

    const escrow = (i: number, action: EscrowAction, moment: DisputeMoment) => async () => {
      const seller = sellers[i % SELLERS] as SeededUser;
      const expiryMs = ESCROW_EXPIRY_MS + i * ESCROW_EXPIRY_STEP_MS;
      // The disputing payers spread over everyone, so few meet the limit of open disputes.
      const payer = moment === 'undisputed' ? pick(people) : (people[i % PEOPLE] as SeededUser);
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
      const turn = escrows.push(entry);
      // Each action meets every decision: the second half's plans are a step further on.
      const plan = i + Math.floor(i / (ESCROWS / 2));
      const dispute: Dispute | undefined =
        moment === 'undisputed' ? undefined : { movementId, amount, payer, of: 'escrow', plan };
      if (dispute) {
        entry.dispute = dispute;
        disputed.push(dispute);
      }
      if (dispute && moment === 'while held') await openDispute(dispute);
      if (action === 'left to expiry' && !dispute) return;
      // Acting only once it has expired, so the payer's or party's call and the dispute's decision
      // (or its opening) race the sweeper's post.
      await until(`escrow ${movementId} expired`, async () => {
        const { rows } = await sql<{ due: boolean }>`
          select expira_em <= now() as due from kreyolcash_movimentacoes where id = ${movementId}::uuid`.execute(
          t.database.db,
        );
        return rows[0]?.due === true;
      });
      const act = async () => {
        entry.answer =
          action === 'party confirms'
            ? await ledger.post(deps(), { kind: 'party', movementId, partyId: payer.id })
            : await ledger.void(deps(), { kind: 'movement', movementId, payerId: payer.id });
      };
      const decide = async () => {
        if (!dispute) return;
        if (moment === 'at expiry') await openDispute(dispute);
        await decideDispute(dispute);
      };
      // One sweep started with the call and the dispute, each first in turn: any may take the
      // movement's lock first.
      const racers = [
        ...(action === 'left to expiry' ? [] : [act]),
        async () => void (await sweeper.sweep()),
        ...(dispute ? [decide] : []),
      ];
      const k = turn % racers.length;
      await Promise.all([...racers.slice(k), ...racers.slice(0, k)].map((racer) => racer()));
    };

    /**
     * The mix, one entry per operation, run all at once in a shuffled order. Another flow is one
     * more function above and its entries here.
     */
    const operations = (): (() => Promise<void>)[] => {
      const times = (n: number, make: (i: number) => () => Promise<void>) =>
        Array.from({ length: n }, (_, i) => make(i));
      const actions: EscrowAction[] = ['party confirms', 'payer voids', 'left to expiry'];
      const moments: DisputeMoment[] = ['undisputed', 'while held', 'at expiry'];
      const mix = [
        ...times(12, () => async () => void (await transfer())),
        ...times(8, () => async () => void (await purchase())),
        ...times(DISPUTED_PAYMENTS, (i) => disputedPayment(i % 2 === 0 ? transfer : purchase, i)),
        ...times(12, () => feeBearingPayment),
        ...times(ESCROWS, (i) =>
          escrow(
            i,
            actions[i % actions.length] as EscrowAction,
            moments[Math.floor(i / actions.length) % moments.length] as DisputeMoment,
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
    /** What a held escrow's dispute did to it: posted or voided it, or nothing (rejected, refused). */
    const endedByDispute = (e: Escrow) => {
      const d = e.dispute;
      if (!d?.opened?.ok || !d.opened.heldAtOpen || !d.decided?.ok) return undefined;
      return ({ liberada: 'concluida', reembolsada: 'cancelada' } as Record<string, string>)[
        d.decided.status
      ];
    };
    for (const e of escrows) {
      const by = endedByDispute(e)
        ? 'by its dispute'
        : e.action === 'left to expiry' || !e.answer?.ok
          ? 'by its expiry'
          : 'by the call';
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
        (o) =>
          !o.endsWith(' posted') &&
          !o.startsWith('escrow ') &&
          !o.startsWith('dispute ') &&
          !refusals.includes(o),
      ),
    ).toEqual([]);

    // Each escrow ended once: posted (by its party, its expiry or its dispute's release) or voided
    // (by its payer or its dispute's refund), with exactly its two lines when posted and none when
    // voided.
    expect(escrows).toHaveLength(ESCROWS);
    for (const e of escrows) {
      const status = statuses.get(e.movementId);
      const byDispute = endedByDispute(e);
      if (byDispute) {
        expect(status).toBe(byDispute);
        // The dispute ended it: the call met it open, or, had it come after, was told it ended.
        if (e.answer?.error === 'transaction_not_pending') expect(e.answer).toMatchObject({ status });
        else if (e.answer) expect(e.answer).toMatchObject({ ok: false, error: 'transaction_in_dispute' });
      } else if (e.answer?.ok) expect(status).toBe(e.action === 'party confirms' ? 'concluida' : 'cancelada');
      else {
        // The sweeper's post came first, and the payer is told it is no longer pending, or the
        // call met the open dispute; either way, its expiry posted it.
        if (e.answer) expect(['transaction_not_pending', 'transaction_in_dispute']).toContain(e.answer.error);
        if (e.answer?.error === 'transaction_not_pending')
          expect(e.answer).toMatchObject({ status: 'concluida' });
        if (e.answer?.error === 'transaction_in_dispute') expect(e.dispute?.opened?.ok).toBe(true);
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

    // Each dispute opened (or was refused as it may be: the payer's open disputes at their limit,
    // an escrow already voided), and ended in the one status its decision answered, holding
    // nothing; one whose decision was refused (nothing held and the payee had spent it) is still
    // open. A disputed escrow was never posted or voided while its dispute was open; a refund
    // moved exactly its amount.
    expect(disputed.filter((d) => d.of === 'escrow')).toHaveLength((ESCROWS * 2) / 3);
    const disputeRows = await t.database.db
      .selectFrom('reclamacoes as r')
      .innerJoin('kreyolcash_movimentacoes as m', 'm.id', 'r.movimentacao_id')
      .select([
        'r.id',
        'r.status',
        'r.retido_centis',
        'r.estorno_id',
        'r.reembolso_centis',
        'r.decidido_em',
        'm.concluido_em',
        'm.conta_debito',
        'm.conta_credito',
      ])
      .where('r.movimentacao_id', 'in', [randomUUID(), ...disputed.map((d) => d.movementId)])
      .execute();
    const rowOf = new Map(disputeRows.map((r) => [r.id, r]));
    const reversedFromSellers = new Map<string, number>();
    for (const d of disputed) {
      if (!d.opened?.ok) {
        const mayRefuse = [
          'report_limit_reached',
          ...(d.of === 'escrow' ? ['transaction_not_reportable'] : []),
        ];
        expect(mayRefuse).toContain(d.opened?.error);
        if (d.opened?.error === 'transaction_not_reportable')
          expect(statuses.get(d.movementId)).toBe('cancelada');
        continue;
      }
      const row = rowOf.get(d.opened.reportId);
      if (!row) throw new Error(`dispute ${d.opened.reportId} not stored`);
      expect(row.retido_centis).toBe(0);
      if (!d.decided?.ok) {
        expect(d.opened.heldAtOpen).toBe(false);
        expect(d.decided).toEqual({ ok: false, error: 'insufficient_balance' });
        expect(row).toMatchObject({ status: 'aberta', decidido_em: null, estorno_id: null });
        continue;
      }
      const status = DECIDED_STATUS[d.decision as DisputeDecision];
      expect(d.decided.status).toBe(status);
      expect(row).toMatchObject({
        status,
        estorno_id: d.decided.estorno_id,
        reembolso_centis: d.decided.reembolso_centis === null ? null : d.decided.reembolso_centis,
      });
      if (!row.decidido_em || !row.concluido_em)
        throw new Error(`dispute ${row.id} undecided or its movement open`);
      if (d.opened.heldAtOpen) {
        // Held until the decision: released or refunded by it, in its transaction (the same
        // time), or, rejected, ended after it. Then the times are those the transactions started
        // at, and a call that started first and waited for the decision's lock ends later with an
        // earlier time. A post after a rejection tells both people, once; a void is its payer's,
        // whose call the open dispute would have refused.
        if (status !== 'rejeitada') expect(row.concluido_em.getTime()).toBe(row.decidido_em.getTime());
        else if (statuses.get(d.movementId) === 'cancelada') {
          const escrow = escrows.find((e) => e.movementId === d.movementId);
          expect([escrow?.action, escrow?.answer?.ok]).toEqual(['payer voids', true]);
        } else {
          await queueNotices(t.database.db);
          const told = await t.database.db
            .selectFrom('outbox_messages')
            .select('template')
            .where('referencia', '=', d.movementId)
            .where('purpose', '=', 'transfer_done')
            .orderBy('id')
            .execute();
          expect(told.map((m) => m.template)).toEqual(['transfer_sent', 'transfer_received']);
        }
        expect(row.estorno_id).toBeNull();
        if (status === 'reembolsada') expect(row.reembolso_centis).toBe(d.amount);
        continue;
      }
      // A posted payment: its one reversal, of the whole or of the refund, from payee to payer.
      const back = status === 'estornada' ? d.amount : status === 'reembolsada' ? d.refundCentis : undefined;
      if (status === 'reembolsada') expect(row.reembolso_centis).toBe(d.refundCentis);
      const reversals = await t.database.db
        .selectFrom('kreyolcash_movimentacoes')
        .select(['id', 'quantidade_centis'])
        .where('referente_a', '=', d.movementId)
        .where('tipo', '=', 'estorno')
        .execute();
      expect(reversals.map((r) => [r.id, Number(r.quantidade_centis)])).toEqual(
        back === undefined ? [] : [[row.estorno_id, back]],
      );
      if (back === undefined || !row.estorno_id) continue;
      const lines = await t.database.db
        .selectFrom('kreyolcash_lancamentos')
        .select(['conta_id', 'valor_centis'])
        .where('movimentacao_id', '=', row.estorno_id)
        .execute();
      expect(lines.map((l) => [l.conta_id, Number(l.valor_centis)]).sort()).toEqual(
        [
          [row.conta_credito, -back],
          [row.conta_debito, back],
        ].sort(),
      );
      if (d.of === 'escrow')
        reversedFromSellers.set(row.conta_credito, (reversedFromSellers.get(row.conta_credito) ?? 0) + back);
    }
    expect(disputed.filter((d) => d.decided?.ok).length).toBeGreaterThan(0);

    // Each seller received exactly its escrows that were posted, less what their disputes sent back.
    for (const seller of sellers) {
      const posted = escrows
        .filter((e) => e.seller === seller && statuses.get(e.movementId) === 'concluida')
        .reduce((sum, e) => sum + e.amount, 0);
      expect(await balanceOf(seller.id)).toBe(
        SELLER_BONUS_CENTIS + posted - (reversedFromSellers.get(seller.id) ?? 0),
      );
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
