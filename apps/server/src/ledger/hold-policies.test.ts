import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../test-support/ledger-assertions.ts';
import { checkLedger, type SeededUser, seedUser } from '../test-support/ledger-fixtures.ts';
import { createCompanyAs, createProductAs } from '../test-support/marketplace.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { ExpirySweeper, type HoldPolicy, ledger, type PartyHoldPolicy, requestHashOf } from './ledger.ts';

const HOUR_MS = 3_600_000;
const quiet = { info: () => {}, error: () => {} };

// The engine's policies, through the ledger's door: a hold confirmed by a named party's action,
// and a hold whose expiry posts it. Default level limits (level 1: ₭500 a day, ₭1 000 at most in
// an account), so that a policy that does not count in them shows.
describe(`holds under their operation's policy on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  });
  afterAll(async () => {
    await t.close();
  });

  const deps = () => t.app.deps;
  const sweeper = () => new ExpirySweeper(t.database.db, quiet, { levelLimits: t.config.levelLimits });

  const partyPolicy = (
    partyId: string,
    overrides: Partial<Omit<HoldPolicy, 'confirmation'>> = {},
  ): PartyHoldPolicy => ({
    confirmation: { by: 'party', partyId },
    countsInLimits: false,
    expiry: { afterMs: HOUR_MS, action: 'void' },
    ...overrides,
  });

  /** A hold from one person's account to another's, confirmed by `partyId`. */
  async function held(payer: SeededUser, payee: SeededUser, amount: number, policy: PartyHoldPolicy) {
    const result = await ledger.hold(deps(), {
      kind: 'movement',
      movementKind: 'transferencia',
      debitAccountId: payer.id,
      creditAccountId: payee.id,
      amountCentis: amount,
      note: null,
      idempotencyKey: randomUUID(),
      requestHash: requestHashOf('movement', [payee.id, amount]),
      policy,
    });
    if (!result.ok) throw new Error(`hold refused: ${result.error}`);
    return result.movimentacao_id;
  }

  const account = (u: SeededUser) =>
    t.database.db
      .selectFrom('kreyolcash_contas')
      .select(['saldo_centis', 'reservado_centis'])
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
  const statusOf = async (movementId: string) =>
    (
      await t.database.db
        .selectFrom('kreyolcash_movimentacoes')
        .select('status')
        .where('id', '=', movementId)
        .executeTakeFirstOrThrow()
    ).status;
  const sentToday = async (u: SeededUser) =>
    Number(
      (
        await t.database.db
          .selectFrom('kreyolcash_envios_diarios')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('enviado_centis'), eb.lit(0)).as('total'))
          .where('usuario_id', '=', u.id)
          .executeTakeFirstOrThrow()
      ).total,
    );
  // A code is a row of its own, or a movement's own code on the movement (codes.sql).
  const codesFor = async (subjectId: string) => ({
    stored: Number(
      (
        await sql<{
          n: number;
        }>`select (select count(*) from codigos_verificacao where sujeito_id = ${subjectId}::uuid)
                                      + (select count(*) from kreyolcash_movimentacoes
                                          where id = ${subjectId}::uuid and codigo_hash is not null) as n`.execute(
          t.database.db,
        )
      ).rows[0]?.n,
    ),
    sent: Number(
      (
        await t.database.db
          .selectFrom('outbox_messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('referencia', '=', subjectId)
          .where('purpose', 'like', '%_code')
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  describe('a hold confirmed by a party', () => {
    it('is posted by its party alone, with no code written or sent and nothing counted in the limits', async () => {
      const payer = await seedUser(t, { bonusCentis: 90_000 });
      const payee = await seedUser(t);
      const party = await seedUser(t);
      const stranger = await seedUser(t);
      // ₭600: past level 1's ₭500 a day, which this policy does not count in.
      const movementId = await held(payer, payee, 60_000, partyPolicy(party.id));

      expect(await codesFor(movementId)).toEqual({ stored: 0, sent: 0 });
      expect(await sentToday(payer)).toBe(0);
      expect(await account(payer)).toEqual({ saldo_centis: 90_000, reservado_centis: 60_000 });

      for (const someone of [stranger, payer, payee]) {
        const refused = await ledger.post(deps(), { kind: 'party', movementId, partyId: someone.id });
        expect(refused).toEqual({ ok: false, error: 'not_confirming_party' });
      }
      // A code cannot post it either: it waits for its party.
      const byCode = await ledger.post(deps(), {
        kind: 'transfer',
        movementId,
        payerId: payer.id,
        code: '123456',
      });
      expect(byCode.ok).toBe(false);
      expect(await statusOf(movementId)).toBe('pendente');
      expect(await account(payer)).toEqual({ saldo_centis: 90_000, reservado_centis: 60_000 });
      expect(await account(payee)).toEqual({ saldo_centis: 10_000, reservado_centis: 0 });

      const posted = await ledger.post(deps(), { kind: 'party', movementId, partyId: party.id });
      expect(posted).toMatchObject({ ok: true, movimentacao_id: movementId });
      expect(await statusOf(movementId)).toBe('concluida');
      expect(await account(payer)).toEqual({ saldo_centis: 30_000, reservado_centis: 0 });
      expect(await account(payee)).toEqual({ saldo_centis: 70_000, reservado_centis: 0 });
      expect(await sentToday(payer)).toBe(0);
      expect((await codesFor(movementId)).sent).toBe(0);

      const again = await ledger.post(deps(), { kind: 'party', movementId, partyId: party.id });
      expect(again).toEqual({ ok: false, error: 'transaction_not_pending', status: 'concluida' });
      await expectLedgerSound(t.database.db);
    });

    it('counts in the limits when its policy says so: the same ₭600 is then refused', async () => {
      const payer = await seedUser(t, { bonusCentis: 90_000 });
      const [payee, party] = [await seedUser(t), await seedUser(t)];
      const refused = await ledger.hold(deps(), {
        kind: 'movement',
        movementKind: 'transferencia',
        debitAccountId: payer.id,
        creditAccountId: payee.id,
        amountCentis: 60_000,
        note: null,
        idempotencyKey: null,
        requestHash: 'counted',
        policy: partyPolicy(party.id, { countsInLimits: true }),
      });
      expect(refused).toMatchObject({ ok: false, error: 'daily_limit_reached' });
      expect(await account(payer)).toEqual({ saldo_centis: 90_000, reservado_centis: 0 });

      await held(payer, payee, 20_000, partyPolicy(party.id, { countsInLimits: true }));
      expect(await sentToday(payer)).toBe(20_000);
      await expectLedgerSound(t.database.db);
    });

    it('is a purchase the buyer confirms on delivery: the sale completes with the buyer’s action only', async () => {
      const seller = await seedUser(t);
      const buyer = await seedUser(t);
      const company = await createCompanyAs(t, { ...seller, refreshCookie: '' });
      const product = await createProductAs(t, { ...seller, refreshCookie: '' }, company.id, {
        preco_centis: 1_500,
        estoque: 5,
      });
      const sale = await ledger.hold(deps(), {
        kind: 'purchase',
        buyerId: buyer.id,
        productId: product.id,
        quantity: 2,
        idempotencyKey: randomUUID(),
        requestHash: requestHashOf('purchase', [product.id, 2]),
        policy: partyPolicy(buyer.id, { countsInLimits: true }),
      });
      if (!sale.ok) throw new Error(sale.error);
      expect(await codesFor(sale.movimentacao_id)).toEqual({ stored: 0, sent: 0 });
      expect(await codesFor(sale.venda_id)).toEqual({ stored: 0, sent: 0 });

      const bySeller = await ledger.post(deps(), {
        kind: 'party',
        movementId: sale.movimentacao_id,
        partyId: seller.id,
      });
      expect(bySeller).toEqual({ ok: false, error: 'not_confirming_party' });
      const byBuyer = await ledger.post(deps(), {
        kind: 'party',
        movementId: sale.movimentacao_id,
        partyId: buyer.id,
      });
      expect(byBuyer.ok).toBe(true);

      const after = await t.database.db
        .selectFrom('vendas')
        .innerJoin('produtos', 'produtos.id', 'vendas.produto_id')
        .select(['vendas.status', 'produtos.estoque', 'produtos.estoque_reservado'])
        .where('vendas.id', '=', sale.venda_id)
        .executeTakeFirstOrThrow();
      expect(after).toEqual({ status: 'CONFIRMADA', estoque: 3, estoque_reservado: 0 });
      expect(await account(seller)).toEqual({ saldo_centis: 13_000, reservado_centis: 0 });
      expect(await account(buyer)).toEqual({ saldo_centis: 7_000, reservado_centis: 0 });
      await expectLedgerSound(t.database.db);
    });
  });

  describe('a hold whose expiry posts', () => {
    const postAtExpiry = (partyId: string, afterMs = 1) =>
      partyPolicy(partyId, { expiry: { afterMs, action: 'post' } });

    /** Waits until the database's clock has passed the movement's expiry. */
    async function untilExpired(movementId: string): Promise<void> {
      for (;;) {
        const { rows } = await sql<{ due: boolean }>`
          select expira_em <= now() as due from kreyolcash_movimentacoes where id = ${movementId}::uuid`.execute(
          t.database.db,
        );
        if (rows[0]?.due) return;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }

    it('is posted by the sweeper at its expiry: the money arrives', async () => {
      const [payer, payee, party] = [await seedUser(t), await seedUser(t), await seedUser(t)];
      const movementId = await held(payer, payee, 2_500, postAtExpiry(party.id));
      await untilExpired(movementId);

      // Without the levels' limits a sweeper cannot check the payee's maximum balance: it waits.
      await new ExpirySweeper(t.database.db, quiet).sweep();
      expect(await statusOf(movementId)).toBe('pendente');

      await sweeper().sweep();
      expect(await statusOf(movementId)).toBe('concluida');
      expect(await account(payer)).toEqual({ saldo_centis: 7_500, reservado_centis: 0 });
      expect(await account(payee)).toEqual({ saldo_centis: 12_500, reservado_centis: 0 });
      await expectLedgerSound(t.database.db);
    });

    it('is voided at its expiry when the post is refused (a frozen payer)', async () => {
      const [payer, payee, party] = [await seedUser(t), await seedUser(t), await seedUser(t)];
      const movementId = await held(payer, payee, 2_500, postAtExpiry(party.id));
      await t.database.db
        .updateTable('usuarios')
        .set({ congelado_em: new Date(), congelado_por: 'usuario' })
        .where('id', '=', payer.id)
        .execute();
      await untilExpired(movementId);
      await sweeper().sweep();
      expect(await statusOf(movementId)).toBe('expirada');
      expect(await account(payer)).toEqual({ saldo_centis: 10_000, reservado_centis: 0 });
      expect(await account(payee)).toEqual({ saldo_centis: 10_000, reservado_centis: 0 });
      await expectLedgerSound(t.database.db);
    });

    it('races its payer’s void, and its party’s action, round after round: exactly one wins each time', async () => {
      const PAIRS = 6;
      const ROUNDS = testDatabaseKind === 'postgres' ? 12 : 5;
      const people: { payer: SeededUser; payee: SeededUser; party: SeededUser }[] = [];
      for (let i = 0; i < PAIRS; i++) {
        people.push({ payer: await seedUser(t), payee: await seedUser(t), party: await seedUser(t) });
      }
      const total = async (who: 'payer' | 'payee') =>
        (await Promise.all(people.map((p) => account(p[who])))).reduce((sum, a) => sum + a.saldo_centis, 0);
      const before = {
        check: await checkLedger(t.database.db),
        payers: await total('payer'),
        payees: await total('payee'),
      };
      const outcomes: Record<string, number> = {};
      const seen = (what: string) => {
        outcomes[what] = (outcomes[what] ?? 0) + 1;
      };
      let movedCentis = 0;

      for (let round = 0; round < ROUNDS; round++) {
        const amount = 100 + round;
        const byParty = round % 3 === 2;
        const movements = await Promise.all(
          people.map(({ payer, payee, party }) => held(payer, payee, amount, postAtExpiry(party.id))),
        );
        for (const movementId of movements) await untilExpired(movementId);
        const [, ...answers] = await Promise.all([
          sweeper().sweep(),
          ...people.map(({ payer, party }, i) => {
            const movementId = movements[i] as string;
            return byParty
              ? ledger.post(deps(), { kind: 'party', movementId, partyId: party.id })
              : ledger.void(deps(), { kind: 'movement', movementId, payerId: payer.id });
          }),
        ]);
        for (const [i, answer] of answers.entries()) {
          const status = await statusOf(movements[i] as string);
          if (answer.ok) {
            // The caller won: the sweeper found it no longer pending and left it alone.
            expect(status).toBe(byParty ? 'concluida' : 'cancelada');
            seen(byParty ? 'party posted' : 'payer voided');
          } else {
            // The sweeper won and posted it; the caller is told it is no longer pending.
            expect(answer).toMatchObject({ error: 'transaction_not_pending', status: 'concluida' });
            expect(status).toBe('concluida');
            seen('expiry posted');
          }
          if (status === 'concluida') movedCentis += amount;
        }
      }

      console.table({ rounds: ROUNDS, pairs: PAIRS, ...outcomes });
      expect(Object.values(outcomes).reduce((a, b) => a + b, 0)).toBe(PAIRS * ROUNDS);
      expect(movedCentis).toBeGreaterThan(0);
      // What left the payers is exactly what the payees received, and nothing is held any more.
      expect(await total('payer')).toBe(before.payers - movedCentis);
      expect(await total('payee')).toBe(before.payees + movedCentis);
      const after = await checkLedger(t.database.db);
      expect(after.balancesCentis).toBe(before.check.balancesCentis);
      expect(after.negativeBalances).toBe(0);
      expect(after.mismatchedUsers).toBe(0);
      // Other tests of this file leave holds of their own: none of this test's is left.
      expect(after.reservedCentis).toBe(before.check.reservedCentis);
      expect(after.pendingCentis).toBe(before.check.pendingCentis);
      expect(after.problems).toEqual([]);
      await expectLedgerSound(t.database.db);
    });
  });
});
