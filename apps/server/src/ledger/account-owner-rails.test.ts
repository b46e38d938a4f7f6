import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../test-support/ledger-assertions.ts';
import { type SeededUser, seedUser } from '../test-support/ledger-fixtures.ts';
import { seedAgentAccount } from '../test-support/movement-legs.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { FEE_ACCOUNT_ID, ledger, type PartyHoldPolicy, requestHashOf } from './ledger.ts';

const HOUR_MS = 3_600_000;

// Every kind of account has the same rails: the freeze and the maximum balance go by the account's
// owner, for an agent's float account (whose id is not its owner's) as for a person's own. Default
// level limits: level 1 holds at most ₭1 000 in an account.
describe(`the rails of an account go by its owner on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  });
  afterAll(async () => {
    await t.close();
  });

  const deps = () => t.app.deps;

  const accountOf = async (id: string) => {
    const row = await t.database.db
      .selectFrom('kreyolcash_contas')
      .select(['saldo_centis', 'reservado_centis'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { saldo_centis: Number(row.saldo_centis), reservado_centis: Number(row.reservado_centis) };
  };

  const freeze = (u: SeededUser) =>
    t.database.db
      .updateTable('usuarios')
      .set({ congelado_em: new Date(), congelado_por: 'usuario' })
      .where('id', '=', u.id)
      .execute();

  const pay = (from: string, to: string, amountCentis: number) =>
    ledger.postLegs(deps(), {
      movementKind: 'transferencia',
      note: null,
      legs: [{ debitAccountId: from, creditAccountId: to, amountCentis }],
    });

  const hold = (from: string, to: string, amountCentis: number, partyId: string) => {
    const policy: PartyHoldPolicy = {
      confirmation: { by: 'party', partyId },
      countsInLimits: false,
      expiry: { afterMs: HOUR_MS, action: 'void' },
    };
    return ledger.hold(deps(), {
      kind: 'movement',
      movementKind: 'transferencia',
      debitAccountId: from,
      creditAccountId: to,
      amountCentis,
      note: null,
      idempotencyKey: randomUUID(),
      requestHash: requestHashOf('movement', [to, amountCentis]),
      policy,
    });
  };

  it('stops what leaves a float account once its owner is frozen, at the hold, at the post and in legs', async () => {
    const agent = await seedUser(t);
    const float = await seedAgentAccount(t, agent);
    const customer = await seedUser(t, { bonusCentis: 50_000 });
    const party = await seedUser(t);
    expect(await pay(customer.id, float, 30_000)).toMatchObject({ ok: true });

    const before = await hold(float, customer.id, 5_000, party.id);
    if (!before.ok) throw new Error(`hold refused: ${before.error}`);
    expect(await accountOf(float)).toEqual({ saldo_centis: 30_000, reservado_centis: 5_000 });

    await freeze(agent);
    expect(await hold(float, customer.id, 5_000, party.id)).toEqual({ ok: false, error: 'account_frozen' });
    expect(await pay(float, customer.id, 5_000)).toEqual({ ok: false, error: 'account_frozen' });
    // Held before the freeze: its post is refused under the locks, and the hold goes back.
    expect(
      await ledger.post(deps(), { kind: 'party', movementId: before.movimentacao_id, partyId: party.id }),
    ).toEqual({ ok: false, error: 'account_frozen' });
    expect(await accountOf(float)).toEqual({ saldo_centis: 30_000, reservado_centis: 0 });
    expect(await accountOf(customer.id)).toEqual({ saldo_centis: 20_000, reservado_centis: 0 });
    // Money still arrives in a frozen owner's account, as in a frozen person's own.
    expect(await pay(customer.id, float, 1_000)).toMatchObject({ ok: true });
    await expectLedgerSound(t.database.db);
  });

  it('bounds a person’s account by its level’s maximum balance, and an agent’s float only by the ceiling', async () => {
    const agent = await seedUser(t);
    const float = await seedAgentAccount(t, agent);
    const rich = await seedUser(t, { bonusCentis: 200_000, documentApproved: true });
    const party = await seedUser(t);
    // The agent is at level 1 (₭1 000): their own account takes ₭900, not ₭200 more.
    expect(await pay(rich.id, agent.id, 80_000)).toMatchObject({ ok: true });
    expect(await pay(rich.id, agent.id, 20_000)).toMatchObject({
      ok: false,
      error: 'balance_limit_reached',
      limite_centis: 100_000,
      usado_centis: 90_000,
    });
    expect(await hold(rich.id, agent.id, 20_000, party.id)).toMatchObject({
      ok: false,
      error: 'balance_limit_reached',
    });
    // Their float takes past it, paid at once and held then posted.
    expect(await pay(rich.id, float, 90_000)).toMatchObject({ ok: true });
    const held = await hold(rich.id, float, 20_000, party.id);
    if (!held.ok) throw new Error(`hold refused: ${held.error}`);
    expect(
      await ledger.post(deps(), { kind: 'party', movementId: held.movimentacao_id, partyId: party.id }),
    ).toMatchObject({ ok: true });
    expect(await accountOf(float)).toEqual({ saldo_centis: 110_000, reservado_centis: 0 });
    await expectLedgerSound(t.database.db);
  });

  it('pays a transfer only into a person’s own account, named by its id', async () => {
    const payer = await seedUser(t);
    const agent = await seedUser(t);
    const float = await seedAgentAccount(t, agent);
    const transfer = (payeeAccountId: string) =>
      ledger.hold(deps(), {
        kind: 'transfer',
        payerId: payer.id,
        payee: { id: payeeAccountId },
        amountCentis: 500,
        note: null,
        idempotencyKey: randomUUID(),
        requestHash: requestHashOf('transfer', [payeeAccountId, 500]),
      });
    for (const notAPerson of [float, FEE_ACCOUNT_ID, randomUUID()]) {
      expect(await transfer(notAPerson)).toEqual({ ok: false, error: 'user_not_found' });
    }
    expect(await transfer(payer.id)).toEqual({ ok: false, error: 'self_transfer' });
    expect(await transfer(agent.id)).toMatchObject({ ok: true, status: 'pendente' });
    expect(await accountOf(payer.id)).toEqual({ saldo_centis: 10_000, reservado_centis: 500 });
  });
});
