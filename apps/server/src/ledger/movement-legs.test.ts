import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../test-support/accounts.ts';
import { codeForMovement, type SeededUser, seedUser } from '../test-support/ledger-fixtures.ts';
import { feePayment, seedAgentAccount } from '../test-support/movement-legs.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { checkLedgerIntegrity, FEE_ACCOUNT_ID, ledger } from './ledger.ts';

// Movements of several legs through the ledger's door: a payment whose payer also pays the
// operator's fee and an agent's commission, in one movement.

const balanceOf = async (t: TestApp, accountId: string) =>
  Number(
    (
      await t.database.db
        .selectFrom('kreyolcash_contas')
        .select('saldo_centis')
        .where('id', '=', accountId)
        .executeTakeFirstOrThrow()
    ).saldo_centis,
  );

/** Money conserved (every account but the issuer's holds what was issued), none negative, ledger:check clean. */
async function expectInvariants(t: TestApp) {
  const { rows } = await sql<{ held: string; issued: string; negative: string }>`
    select (select coalesce(sum(saldo_centis), 0) from kreyolcash_contas where tipo <> 'emissor')::text as held,
           (select -saldo_centis from kreyolcash_contas where tipo = 'emissor')::text as issued,
           (select count(*) from kreyolcash_contas
             where tipo <> 'emissor' and (saldo_centis < 0 or reservado_centis < 0))::text as negative`.execute(
    t.database.db,
  );
  expect(rows[0]?.held).toBe(rows[0]?.issued);
  expect(rows[0]?.negative).toBe('0');
  expect((await checkLedgerIntegrity(t.database.db)).problems).toEqual([]);
}

describe(`movements with several legs on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  });
  afterAll(async () => {
    await t.close();
  });

  it("posts a three-leg payment: each leg's lines, each person's own leg, the payer's fee on the detail", async () => {
    const [payer, payee, agent] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const agentAccount = await seedAgentAccount(t, agent);
    const feesBefore = await balanceOf(t, FEE_ACCOUNT_ID);

    const result = await ledger.postLegs(t.app.deps, {
      movementKind: 'transferencia',
      legs: feePayment(payer.id, payee.id, agentAccount, 5000, 150, 50),
      note: 'market stall',
    });
    if (!result.ok) throw new Error(`refused: ${result.error}`);
    const id = result.movimentacao_id;

    expect(await balanceOf(t, payer.id)).toBe(10_000 - 5200);
    expect(await balanceOf(t, payee.id)).toBe(10_000 + 5000);
    expect(await balanceOf(t, FEE_ACCOUNT_ID)).toBe(feesBefore + 150);
    expect(await balanceOf(t, agentAccount)).toBe(50);

    const lines = await t.database.db
      .selectFrom('kreyolcash_lancamentos')
      .select(['conta_id', 'valor_centis'])
      .where('movimentacao_id', '=', id)
      .orderBy('id')
      .execute();
    expect(lines.map((l) => [l.conta_id, Number(l.valor_centis)]).sort()).toEqual(
      [
        [payer.id, -5000],
        [payee.id, 5000],
        [payer.id, -150],
        [FEE_ACCOUNT_ID, 150],
        [payer.id, -50],
        [agentAccount, 50],
      ].sort(),
    );

    const statement = async (u: SeededUser) => {
      const res = await t.app.inject({ url: '/api/wallet/transactions?limit=100', headers: bearer(u) });
      expect(res.statusCode).toBe(200);
      return (res.json().items as { id: string; quantidade_centis: number; type: string }[]).find(
        (m) => m.id === id,
      );
    };
    expect(await statement(payer)).toMatchObject({ quantidade_centis: 5000, type: 'sent' });
    expect(await statement(payee)).toMatchObject({ quantidade_centis: 5000, type: 'received' });
    // The agent is paid from a float account, not as the payment's person: not on their statement.
    expect(await statement(agent)).toBeUndefined();

    const detail = async (u: SeededUser) => {
      const res = await t.app.inject({ url: `/api/wallet/transactions/${id}`, headers: bearer(u) });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    expect(await detail(payer)).toMatchObject({ quantidade_centis: 5000, taxa_centis: 200 });
    const payeeSees = await detail(payee);
    expect(payeeSees.quantidade_centis).toBe(5000);
    expect(payeeSees).not.toHaveProperty('taxa_centis');

    await expectInvariants(t);
  });

  it('refuses a payment the payer cannot cover with its fees, and moves nothing', async () => {
    const [payer, payee, agent] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const agentAccount = await seedAgentAccount(t, agent);
    const result = await ledger.postLegs(t.app.deps, {
      movementKind: 'transferencia',
      legs: feePayment(payer.id, payee.id, agentAccount, 9900, 100, 1),
      note: null,
    });
    expect(result).toMatchObject({ ok: false, error: 'insufficient_balance' });
    const invalid = await ledger.postLegs(t.app.deps, {
      movementKind: 'transferencia',
      legs: feePayment(payer.id, payee.id, agentAccount, 100, 0, 1),
      note: null,
    });
    expect(invalid).toMatchObject({ ok: false, error: 'invalid_amount' });
    expect(await balanceOf(t, payer.id)).toBe(10_000);
    expect(await balanceOf(t, payee.id)).toBe(10_000);
    expect(await balanceOf(t, agentAccount)).toBe(0);
    await expectInvariants(t);
  });

  it('runs a payment once per Idempotency-Key, however often and however concurrently it is sent', async () => {
    const [payer, payee, agent] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const agentAccount = await seedAgentAccount(t, agent);
    const legs = feePayment(payer.id, payee.id, agentAccount, 1000, 30, 10);
    const idempotency = { key: randomUUID(), requestHash: 'payment-1040' };
    const send = () =>
      ledger.postLegs(t.app.deps, { movementKind: 'transferencia', legs, note: null, idempotency });
    const answers = await Promise.all([send(), send(), send(), send()]);
    const done = answers.filter((a) => a.ok);
    const ids = new Set(done.map((a) => (a.ok ? a.movimentacao_id : '')));
    // A twin that arrived while the first ran waits for it and replays its answer.
    expect(ids.size).toBe(1);
    expect(answers.every((a) => a.ok || a.error === 'request_in_progress')).toBe(true);
    expect((await send()).ok && (await send())).toMatchObject({ ok: true, replayed: true });
    expect(await balanceOf(t, payer.id)).toBe(10_000 - 1040);
    expect(await balanceOf(t, agentAccount)).toBe(10);
    const other = await ledger.postLegs(t.app.deps, {
      movementKind: 'transferencia',
      legs,
      note: null,
      idempotency: { key: idempotency.key, requestHash: 'another-body' },
    });
    expect(other).toEqual({ ok: false, error: 'idempotency_key_reused' });
    await expectInvariants(t);
  });

  it('keeps every invariant with fee-bearing payments interleaved with transfers, in parallel', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => seedUser(t)));
    const agentAccount = await seedAgentAccount(t, users[0] as SeededUser);
    let seed = 7;
    const rand = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = () => users[Math.floor(rand() * users.length)] as SeededUser;
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const payer = pick();
        let payee = pick();
        if (payee === payer) payee = users[(users.indexOf(payer) + 1) % users.length] as SeededUser;
        const amount = 100 + Math.floor(rand() * 2000);
        if (i % 2 === 0) {
          const r = await ledger.postLegs(t.app.deps, {
            movementKind: 'transferencia',
            legs: feePayment(payer.id, payee.id, agentAccount, amount, 30, 10),
            note: null,
          });
          return r.ok ? 'legs ok' : r.error;
        }
        // A transfer posted on its own, as the payer's phone does: hold, then the code.
        const held = await ledger.hold(t.app.deps, {
          kind: 'transfer',
          payerId: payer.id,
          payee: { id: payee.id },
          amountCentis: amount,
          note: null,
          idempotencyKey: randomUUID(),
          requestHash: randomUUID(),
        });
        if (!held.ok) return held.error;
        const posted = await ledger.post(t.app.deps, {
          kind: 'transfer',
          movementId: held.movimentacao_id,
          payerId: payer.id,
          code: await codeForMovement(t, held.movimentacao_id),
        });
        return posted.ok ? 'ok' : posted.error;
      }),
    );
    expect(outcomes.filter((o) => o === 'legs ok').length).toBeGreaterThan(15);
    expect(outcomes.filter((o) => o === 'ok').length).toBeGreaterThan(15);
    expect(
      outcomes.every((o) => ['ok', 'legs ok', 'insufficient_balance', 'daily_limit_reached'].includes(o)),
    ).toBe(true);
    // Every fee-bearing payment posted its three legs and its six lines.
    const { rows } = await sql<{ legs: string; lines: string }>`
      with pagamentos as (select movimentacao_id from kreyolcash_pernas where conta_credito = ${agentAccount}::uuid)
      select (select count(*) from kreyolcash_pernas where movimentacao_id in (select * from pagamentos))::text as legs,
             (select count(*) from kreyolcash_lancamentos where movimentacao_id in (select * from pagamentos))::text as lines`.execute(
      t.database.db,
    );
    const posted = outcomes.filter((o) => o === 'legs ok').length;
    expect(Number(rows[0]?.legs)).toBe(3 * posted);
    expect(Number(rows[0]?.lines)).toBe(6 * posted);
    await expectInvariants(t);
  });
});

describe(`ledger:check on a multi-leg movement on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('names a multi-leg movement whose lines sum to zero but are not its legs', async () => {
    const [payer, payee, agent] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const agentAccount = await seedAgentAccount(t, agent);
    const result = await ledger.postLegs(t.app.deps, {
      movementKind: 'transferencia',
      legs: feePayment(payer.id, payee.id, agentAccount, 1000, 20, 10),
      note: null,
    });
    if (!result.ok) throw new Error(`refused: ${result.error}`);
    expect((await checkLedgerIntegrity(t.database.db)).problems).toEqual([]);
    // Five more from the fee account to the agent, written as if they were part of the payment:
    // the movement still sums to zero, but these lines are no leg of it.
    await sql`insert into kreyolcash_lancamentos (movimentacao_id, conta_id, valor_centis, saldo_anterior_centis, saldo_posterior_centis)
              values (${result.movimentacao_id}::uuid, ${FEE_ACCOUNT_ID}::uuid, -5, 10, 5),
                     (${result.movimentacao_id}::uuid, ${agentAccount}::uuid, 5, 0, 5)`.execute(
      t.database.db,
    );
    const unbalanced = (await checkLedgerIntegrity(t.database.db)).problems.filter(
      (p) => p.check === 'movement is unbalanced',
    );
    expect(unbalanced.map((p) => p.subject)).toEqual([result.movimentacao_id]);
    expect(unbalanced[0]?.detail).toContain(`${agentAccount} 5`);
  });

  it('names a multi-leg movement whose lines do not sum to zero', async () => {
    const [payer, payee, agent] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const agentAccount = await seedAgentAccount(t, agent);
    const result = await ledger.postLegs(t.app.deps, {
      movementKind: 'transferencia',
      legs: feePayment(payer.id, payee.id, agentAccount, 1000, 20, 10),
      note: null,
    });
    if (!result.ok) throw new Error(`refused: ${result.error}`);
    await sql`insert into kreyolcash_lancamentos (movimentacao_id, conta_id, valor_centis, saldo_anterior_centis, saldo_posterior_centis)
              values (${result.movimentacao_id}::uuid, ${agentAccount}::uuid, 7, 0, 7)`.execute(
      t.database.db,
    );
    const unbalanced = (await checkLedgerIntegrity(t.database.db)).problems.filter(
      (p) => p.check === 'movement is unbalanced',
    );
    expect(unbalanced.map((p) => p.subject)).toContain(result.movimentacao_id);
  });

  it('names a movement whose stored legs do not start from its own leg 1', async () => {
    const [payer, payee] = [await seedUser(t), await seedUser(t)];
    const bonus = await t.database.db
      .selectFrom('kreyolcash_movimentacoes')
      .select('id')
      .where('destinatario_id', '=', payer.id)
      .executeTakeFirstOrThrow();
    // A second leg written beside a one-leg movement, with no leg 1.
    await sql`insert into kreyolcash_pernas (movimentacao_id, numero, conta_debito, conta_credito, quantidade_centis)
              values (${bonus.id}::uuid, 2, ${payer.id}::uuid, ${payee.id}::uuid, 3)`.execute(t.database.db);
    const problems = (await checkLedgerIntegrity(t.database.db)).problems;
    expect(
      problems.filter((p) => p.check === 'movement differs from its legs').map((p) => p.subject),
    ).toEqual([bonus.id]);
    expect(problems.filter((p) => p.check === 'movement is unbalanced').map((p) => p.subject)).toContain(
      bonus.id,
    );
  });
});
