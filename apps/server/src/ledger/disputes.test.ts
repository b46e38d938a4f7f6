import { randomUUID } from 'node:crypto';
import type { DisputeDecision, DisputeKind } from '@kreyolcash/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../test-support/ledger-assertions.ts';
import {
  codeForMovement,
  movementStatus,
  type SeededUser,
  seedUser,
} from '../test-support/ledger-fixtures.ts';
import { createCompanyAs, createProductAs } from '../test-support/marketplace.ts';
import { createOperator } from '../test-support/operators.ts';
import { paidTransfer } from '../test-support/report-fixtures.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { disputes, ExpirySweeper, ledger, type PartyHoldPolicy, requestHashOf } from './ledger.ts';

const HOUR_MS = 3_600_000;
const quiet = { info: () => {}, error: () => {} };

// Disputes about any movement, through the ledger's door: of a held payment (an escrow that waits
// for its party), which the dispute alone may then end, and of a posted one, which may be reversed,
// refunded in part or left standing.
describe(`disputes on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let operator: { id: string };
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
    operator = await createOperator(t, 'support');
  });
  afterAll(async () => {
    await t.close();
  });

  const deps = () => t.app.deps;

  /** An escrow: the buyer's money held for the seller until `party` confirms or its expiry posts it. */
  async function escrow(
    buyer: SeededUser,
    seller: SeededUser,
    party: SeededUser,
    amount: number,
    afterMs = HOUR_MS,
  ) {
    const policy: PartyHoldPolicy = {
      confirmation: { by: 'party', partyId: party.id },
      countsInLimits: false,
      expiry: { afterMs, action: 'post' },
    };
    const held = await ledger.hold(deps(), {
      kind: 'movement',
      movementKind: 'compra',
      debitAccountId: buyer.id,
      creditAccountId: seller.id,
      amountCentis: amount,
      note: null,
      idempotencyKey: randomUUID(),
      requestHash: requestHashOf('movement', [seller.id, amount]),
      policy,
    });
    if (!held.ok) throw new Error(`hold refused: ${held.error}`);
    return held.movimentacao_id;
  }

  async function dispute(payer: SeededUser, movementId: string, kind: DisputeKind = 'nao_entregue') {
    return disputes.open(deps(), {
      movementId,
      payerId: payer.id,
      kind,
      description: null,
      decisionHours: 72,
    });
  }

  async function opened(payer: SeededUser, movementId: string, kind: DisputeKind = 'nao_entregue') {
    const result = await dispute(payer, movementId, kind);
    if (!result.ok) throw new Error(`dispute refused: ${result.error}`);
    return result.reclamacao_id;
  }

  const decide = (reportId: string, decision: DisputeDecision, refundCentis?: number) =>
    disputes.decide(
      deps(),
      { reportId, operator, reason: 'Sipò a tcheke', decision, ...(refundCentis ? { refundCentis } : {}) },
      async () => {},
    );

  const account = async (u: SeededUser) => {
    const row = await t.database.db
      .selectFrom('kreyolcash_contas')
      .select(['saldo_centis', 'reservado_centis'])
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    return { saldo_centis: Number(row.saldo_centis), reservado_centis: Number(row.reservado_centis) };
  };
  const statusOf = (id: string) => movementStatus(t.database.db, id);
  const reversalsOf = (id: string) =>
    t.database.db
      .selectFrom('kreyolcash_movimentacoes')
      .select(['quantidade_centis', 'remetente_id', 'destinatario_id'])
      .where('referente_a', '=', id)
      .where('tipo', '=', 'estorno')
      .execute();

  describe('of a held payment', () => {
    it('keeps it held against its party, its payer and its expiry until released to the payee', async () => {
      const [buyer, seller, party] = [await seedUser(t), await seedUser(t), await seedUser(t)];
      const movementId = await escrow(buyer, seller, party, 4_000, 500);
      const reportId = await opened(buyer, movementId);
      expect(await account(buyer)).toEqual({ saldo_centis: 10_000, reservado_centis: 4_000 });

      expect(await ledger.post(deps(), { kind: 'party', movementId, partyId: party.id })).toEqual({
        ok: false,
        error: 'transaction_in_dispute',
      });
      expect(await ledger.void(deps(), { kind: 'movement', movementId, payerId: buyer.id })).toEqual({
        ok: false,
        error: 'transaction_in_dispute',
      });
      // Past its time, a sweep passes it by: its expiry would have posted it.
      await waitPastExpiry(movementId);
      await new ExpirySweeper(t.database.db, quiet, { levelLimits: t.config.levelLimits }).sweep();
      expect(await statusOf(movementId)).toBe('pendente');
      expect(await decide(reportId, 'reverse')).toEqual({
        ok: false,
        error: 'dispute_decision_not_applicable',
      });

      expect(await decide(reportId, 'release')).toMatchObject({
        ok: true,
        status: 'liberada',
        estorno_id: null,
      });
      expect(await statusOf(movementId)).toBe('concluida');
      expect(await account(buyer)).toEqual({ saldo_centis: 6_000, reservado_centis: 0 });
      expect(await account(seller)).toEqual({ saldo_centis: 14_000, reservado_centis: 0 });
      expect(await decide(reportId, 'reject')).toEqual({
        ok: false,
        error: 'report_not_open',
        status: 'liberada',
      });
      await expectLedgerSound(t.database.db);
    });

    it('refunds it whole: the hold is voided and the money is the payer’s again', async () => {
      const [buyer, seller, party] = [await seedUser(t), await seedUser(t), await seedUser(t)];
      const movementId = await escrow(buyer, seller, party, 2_500);
      const reportId = await opened(buyer, movementId, 'nao_reconhecida');
      expect(await decide(reportId, 'refund')).toMatchObject({
        ok: true,
        status: 'reembolsada',
        reembolso_centis: 2_500,
        estorno_id: null,
      });
      expect(await statusOf(movementId)).toBe('cancelada');
      expect(await account(buyer)).toEqual({ saldo_centis: 10_000, reservado_centis: 0 });
      expect(await account(seller)).toEqual({ saldo_centis: 10_000, reservado_centis: 0 });
      await expectLedgerSound(t.database.db);
    });

    it('leaves it held under its policy when the dispute is rejected: its party may then confirm it', async () => {
      const [buyer, seller, party] = [await seedUser(t), await seedUser(t), await seedUser(t)];
      const movementId = await escrow(buyer, seller, party, 1_000);
      const reportId = await opened(buyer, movementId, 'outro');
      expect(await decide(reportId, 'reject')).toMatchObject({ ok: true, status: 'rejeitada' });
      expect(await statusOf(movementId)).toBe('pendente');
      expect(await ledger.post(deps(), { kind: 'party', movementId, partyId: party.id })).toMatchObject({
        ok: true,
      });
      expect(await account(seller)).toEqual({ saldo_centis: 11_000, reservado_centis: 0 });
      await expectLedgerSound(t.database.db);
    });

    it('answers a release the payee cannot take, and changes nothing', async () => {
      const [buyer, seller, party, other] = [
        await seedUser(t, { bonusCentis: 60_000 }),
        await seedUser(t, { bonusCentis: 60_000 }),
        await seedUser(t),
        await seedUser(t),
      ];
      // Level 1 holds ₭1 000 at most: ₭600 + ₭400 fit at the hold; ₭10 more arrives meanwhile.
      const movementId = await escrow(buyer, seller, party, 40_000);
      const reportId = await opened(buyer, movementId);
      await paidTransfer(t, other, seller, 1_000);
      expect(await decide(reportId, 'release')).toMatchObject({ ok: false, error: 'balance_limit_reached' });
      expect(await statusOf(movementId)).toBe('pendente');
      expect(await account(buyer)).toEqual({ saldo_centis: 60_000, reservado_centis: 40_000 });
      expect(await decide(reportId, 'refund')).toMatchObject({ ok: true, status: 'reembolsada' });
      expect(await account(buyer)).toEqual({ saldo_centis: 60_000, reservado_centis: 0 });
      await expectLedgerSound(t.database.db);
    });

    it('is refused for a hold that waits for its payer’s own code: the payer cancels that', async () => {
      const [payer, payee] = [await seedUser(t), await seedUser(t)];
      const held = await ledger.hold(deps(), {
        kind: 'transfer',
        payerId: payer.id,
        payee: { id: payee.id },
        amountCentis: 700,
        note: null,
        idempotencyKey: randomUUID(),
        requestHash: requestHashOf('transfer', [payee.id, 700]),
      });
      if (!held.ok) throw new Error(held.error);
      expect(await dispute(payer, held.movimentacao_id)).toEqual({
        ok: false,
        error: 'transaction_not_reportable',
      });
    });
  });

  describe('of a posted payment', () => {
    it('refunds a part of a purchase as its one reversal, releasing what the dispute held', async () => {
      const [buyer, owner] = [await seedUser(t), await seedUser(t)];
      const seller = { ...owner, refreshCookie: '' };
      const company = await createCompanyAs(t, seller);
      const product = await createProductAs(t, seller, company.id, { preco_centis: 1_000, estoque: 3 });
      const sale = await ledger.hold(deps(), {
        kind: 'purchase',
        buyerId: buyer.id,
        productId: product.id,
        quantity: 1,
        idempotencyKey: randomUUID(),
        requestHash: requestHashOf('purchase', [product.id, 1]),
      });
      if (!sale.ok) throw new Error(sale.error);
      const code = await codeForMovement(t, sale.venda_id);
      const posted = await ledger.post(deps(), {
        kind: 'purchase',
        saleId: sale.venda_id,
        buyerId: buyer.id,
        code,
      });
      expect(posted.ok).toBe(true);
      const movementId = sale.movimentacao_id;

      // A wrong person is only ever a transfer.
      expect(await dispute(buyer, movementId, 'pessoa_errada')).toEqual({
        ok: false,
        error: 'transaction_not_reportable',
      });
      const reportId = await opened(buyer, movementId);
      expect(await account(owner)).toEqual({ saldo_centis: 11_000, reservado_centis: 1_000 });

      expect(await decide(reportId, 'release')).toEqual({
        ok: false,
        error: 'dispute_decision_not_applicable',
      });
      expect(await decide(reportId, 'refund')).toEqual({ ok: false, error: 'invalid_amount' });
      expect(await decide(reportId, 'refund', 1_001)).toEqual({ ok: false, error: 'invalid_amount' });
      expect(await account(owner)).toEqual({ saldo_centis: 11_000, reservado_centis: 1_000 });

      const refunded = await decide(reportId, 'refund', 300);
      expect(refunded).toMatchObject({ ok: true, status: 'reembolsada', reembolso_centis: 300 });
      expect(await reversalsOf(movementId)).toEqual([
        { quantidade_centis: 300, remetente_id: owner.id, destinatario_id: buyer.id },
      ]);
      expect(await account(buyer)).toEqual({ saldo_centis: 9_300, reservado_centis: 0 });
      expect(await account(owner)).toEqual({ saldo_centis: 10_700, reservado_centis: 0 });
      // Its one reversal is made: no other can follow.
      const again = await ledger.reverse(deps(), {
        movementId,
        actor: `operador:${operator.id}`,
        reason: 'De fwa',
        idempotencyKey: randomUUID(),
      });
      expect(again).toMatchObject({ ok: false, error: 'transaction_already_reversed' });
      await expectLedgerSound(t.database.db);
    });

    it('reverses a transfer whole, and rejects another one’s dispute with the payment standing', async () => {
      const [payer, payee] = [await seedUser(t), await seedUser(t)];
      const first = await paidTransfer(t, payer, payee, 900);
      const second = await paidTransfer(t, payer, payee, 400);
      const [one, two] = [await opened(payer, first, 'pessoa_errada'), await opened(payer, second)];
      expect(await account(payee)).toEqual({ saldo_centis: 11_300, reservado_centis: 1_300 });

      expect(await decide(one, 'reverse')).toMatchObject({
        ok: true,
        status: 'estornada',
        reembolso_centis: null,
      });
      expect(await decide(two, 'reject')).toMatchObject({
        ok: true,
        status: 'rejeitada',
        retido_centis: 400,
      });
      expect(await account(payer)).toEqual({ saldo_centis: 9_600, reservado_centis: 0 });
      expect(await account(payee)).toEqual({ saldo_centis: 10_400, reservado_centis: 0 });
      await expectLedgerSound(t.database.db);
    });
  });

  /** Waits, on the database's clock, until the movement's expiry has passed. */
  async function waitPastExpiry(movementId: string) {
    await expect
      .poll(
        async () => {
          const row = await t.database.db
            .selectFrom('kreyolcash_movimentacoes')
            .select(sql<boolean>`expira_em <= now()`.as('past'))
            .where('id', '=', movementId)
            .executeTakeFirstOrThrow();
          return row.past;
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe(true);
  }
});
