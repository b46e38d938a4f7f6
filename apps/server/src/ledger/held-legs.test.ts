import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../test-support/ledger-assertions.ts';
import { type SeededUser, seedUser } from '../test-support/ledger-fixtures.ts';
import { seedAgentAccount } from '../test-support/movement-legs.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { ExpirySweeper, FEE_ACCOUNT_ID, type HoldPolicy, ledger, requestHashOf } from './ledger.ts';

const HOUR_MS = 3_600_000;
const quiet = { info: () => {}, error: () => {} };

// A hold with several legs: a withdrawal at an agent whose fee (to the operator) and commission
// (to the agent) are held with the amount from the moment the customer confirms, and posted with
// it as one movement when the agent hands the cash over — or released whole when voided.
describe(`holds with several legs on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  });
  afterAll(async () => {
    await t.close();
  });

  const deps = () => t.app.deps;
  const balances = async (...ids: string[]) => {
    const rows = await t.database.db
      .selectFrom('kreyolcash_contas')
      .select(['id', 'saldo_centis', 'reservado_centis'])
      .where('id', 'in', ids)
      .execute();
    return ids.map((id) => {
      const row = rows.find((r) => r.id === id);
      return [Number(row?.saldo_centis), Number(row?.reservado_centis)];
    });
  };
  const sentToday = async (u: SeededUser) =>
    Number(
      (
        await sql<{ total: string }>`select coalesce(sum(enviado_centis), 0)::text as total
                                       from kreyolcash_envios_diarios where usuario_id = ${u.id}`.execute(
          t.database.db,
        )
      ).rows[0]?.total,
    );

  /** A withdrawal of `amount` at the agent, with its fee and commission, confirmed by the agent. */
  async function withdrawal(
    customer: SeededUser,
    agent: SeededUser,
    float: string,
    amount: number,
    fee: number,
    commission: number,
    expiry: HoldPolicy['expiry'] = { afterMs: HOUR_MS, action: 'void' },
  ) {
    return ledger.hold(deps(), {
      kind: 'movement',
      movementKind: 'transferencia',
      debitAccountId: customer.id,
      creditAccountId: float,
      amountCentis: amount,
      note: null,
      idempotencyKey: randomUUID(),
      requestHash: requestHashOf('movement', [float, amount, fee, commission]),
      policy: { confirmation: { by: 'party', partyId: agent.id }, countsInLimits: true, expiry },
      alsoPays: [
        { creditAccountId: FEE_ACCOUNT_ID, amountCentis: fee },
        { creditAccountId: float, amountCentis: commission },
      ],
    });
  }

  it('holds the amount and its fees together, and posts them as one movement of three legs', async () => {
    const [customer, agent] = [await seedUser(t), await seedUser(t)];
    const float = await seedAgentAccount(t, agent);
    const [fee0] = await balances(FEE_ACCOUNT_ID);
    const held = await withdrawal(customer, agent, float, 5_000, 150, 50);
    if (!held.ok) throw new Error(held.error);
    expect(await balances(customer.id, float)).toEqual([
      [10_000, 5_200],
      [0, 0],
    ]);
    expect(await sentToday(customer)).toBe(5_200);

    const posted = await ledger.post(deps(), {
      kind: 'party',
      movementId: held.movimentacao_id,
      partyId: agent.id,
    });
    expect(posted).toMatchObject({ ok: true });
    expect(await balances(customer.id, float, FEE_ACCOUNT_ID)).toEqual([
      [4_800, 0],
      [5_050, 0],
      [(fee0?.[0] ?? 0) + 150, 0],
    ]);
    const lines = await t.database.db
      .selectFrom('kreyolcash_lancamentos')
      .select(['conta_id', 'valor_centis'])
      .where('movimentacao_id', '=', held.movimentacao_id)
      .execute();
    expect(lines).toHaveLength(6);
    expect(lines.reduce((sum, l) => sum + Number(l.valor_centis), 0)).toBe(0);
    expect(await sentToday(customer)).toBe(5_200);
    await expectLedgerSound(t.database.db);
  });

  it('releases the whole hold when voided, and gives back what it counted', async () => {
    const [customer, agent] = [await seedUser(t), await seedUser(t)];
    const float = await seedAgentAccount(t, agent);
    const held = await withdrawal(customer, agent, float, 2_000, 100, 40);
    if (!held.ok) throw new Error(held.error);
    expect(
      await ledger.void(deps(), { kind: 'movement', movementId: held.movimentacao_id, payerId: customer.id }),
    ).toMatchObject({ ok: true });
    expect(await balances(customer.id, float)).toEqual([
      [10_000, 0],
      [0, 0],
    ]);
    expect(await sentToday(customer)).toBe(0);
    await expectLedgerSound(t.database.db);
  });

  it('posts its legs at expiry when its policy says so', async () => {
    const [customer, agent] = [await seedUser(t), await seedUser(t)];
    const float = await seedAgentAccount(t, agent);
    const held = await withdrawal(customer, agent, float, 1_000, 30, 10, { afterMs: 300, action: 'post' });
    if (!held.ok) throw new Error(held.error);
    await expect
      .poll(
        async () => {
          await new ExpirySweeper(t.database.db, quiet, { levelLimits: t.config.levelLimits }).sweep();
          return (
            await t.database.db
              .selectFrom('kreyolcash_movimentacoes')
              .select('status')
              .where('id', '=', held.movimentacao_id)
              .executeTakeFirstOrThrow()
          ).status;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe('concluida');
    expect(await balances(customer.id, float)).toEqual([
      [8_960, 0],
      [1_010, 0],
    ]);
    await expectLedgerSound(t.database.db);
  });

  it('refuses a post one leg’s account cannot take, and voids the whole hold', async () => {
    const [customer, payee] = [await seedUser(t, { bonusCentis: 20_000 }), await seedUser(t)];
    const rich = await seedUser(t, { bonusCentis: 100_000 });
    // The payee's own account holds ₭990 of its level's ₭1 000 when a payment of ₭5 with a ₭0,10
    // leg to the same account is held; ₭6 more arrives before the payee confirms.
    const pay = (amountCentis: number) =>
      ledger.postLegs(deps(), {
        movementKind: 'transferencia',
        note: null,
        legs: [{ debitAccountId: rich.id, creditAccountId: payee.id, amountCentis }],
      });
    expect(await pay(89_000)).toMatchObject({ ok: true });
    const held = await withdrawal(customer, payee, payee.id, 500, 20, 10);
    if (!held.ok) throw new Error(held.error);
    expect(await pay(600)).toMatchObject({ ok: true });
    expect(
      await ledger.post(deps(), { kind: 'party', movementId: held.movimentacao_id, partyId: payee.id }),
    ).toMatchObject({
      ok: false,
      error: 'balance_limit_reached',
    });
    expect(await balances(customer.id, payee.id)).toEqual([
      [20_000, 0],
      [99_600, 0],
    ]);
    await expectLedgerSound(t.database.db);
  });

  it('refuses a wrong leg and holds nothing', async () => {
    const [customer, agent] = [await seedUser(t), await seedUser(t)];
    const float = await seedAgentAccount(t, agent);
    for (const [alsoPays, error] of [
      [[{ creditAccountId: FEE_ACCOUNT_ID, amountCentis: 0 }], 'invalid_amount'],
      [[{ creditAccountId: FEE_ACCOUNT_ID, amountCentis: 1.5 }], 'invalid_amount'],
      [[{ creditAccountId: customer.id, amountCentis: 10 }], 'self_transfer'],
      [[{ creditAccountId: FEE_ACCOUNT_ID, amountCentis: 9_000 }], 'insufficient_balance'],
    ] as const) {
      const refused = await ledger.hold(deps(), {
        kind: 'movement',
        movementKind: 'transferencia',
        debitAccountId: customer.id,
        creditAccountId: float,
        amountCentis: 2_000,
        note: null,
        idempotencyKey: randomUUID(),
        requestHash: requestHashOf('movement', [float, 2_000]),
        policy: {
          confirmation: { by: 'party', partyId: agent.id },
          countsInLimits: true,
          expiry: { afterMs: HOUR_MS, action: 'void' },
        },
        alsoPays: [...alsoPays],
      });
      expect(refused).toMatchObject({ ok: false, error });
    }
    expect(await balances(customer.id)).toEqual([[10_000, 0]]);
    expect(await sentToday(customer)).toBe(0);
    await expectLedgerSound(t.database.db);
  });
});
