import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, codeForMovement, type SeededUser, seedUser } from '../test-support/ledger-fixtures.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { ledger } from './ledger.ts';
import { requestHashOf } from './policy.ts';

// reverse and adjust at the service level, on the facade the back office will call.
describe(`ledger corrections on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  });
  afterAll(async () => {
    await t.close();
  });

  const deps = () => t.app.deps;
  const available = async (u: SeededUser) =>
    (
      await t.database.db
        .selectFrom('vw_saldos_kreyolcash')
        .select('disponivel_centis')
        .where('user_id', '=', u.id)
        .executeTakeFirstOrThrow()
    ).disponivel_centis;

  /** A posted transfer of `amount` from payer to payee, through the two phases. */
  async function paid(payer: SeededUser, payee: SeededUser, amount: number): Promise<string> {
    const held = await ledger.hold(deps(), {
      kind: 'transfer',
      payerId: payer.id,
      payee: { id: payee.id },
      amountCentis: amount,
      note: null,
      idempotencyKey: randomUUID(),
      requestHash: requestHashOf('transfer', [payee.email, amount]),
    });
    if (!held.ok) throw new Error(held.error);
    const code = await codeForMovement(t, held.movimentacao_id);
    const posted = await ledger.post(deps(), {
      kind: 'transfer',
      movementId: held.movimentacao_id,
      payerId: payer.id,
      code,
    });
    if (!posted.ok) throw new Error(posted.error);
    return held.movimentacao_id;
  }
  const reverse = (movementId: string, idempotencyKey = randomUUID()) =>
    ledger.reverse(deps(), { movementId, actor: 'operator:test', reason: 'wrong number', idempotencyKey });

  it('reverses a transfer: the payer gets it back, in a new movement that references the original', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const original = await paid(a, b, 2500);
    const result = await reverse(original);
    expect(result).toMatchObject({ ok: true, referente_a: original, quantidade_centis: 2500 });
    expect([await available(a), await available(b)]).toEqual([10_000, 10_000]);
    const row = await t.database.db
      .selectFrom('kreyolcash_movimentacoes')
      .selectAll()
      .where('referente_a', '=', original)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      tipo: 'estorno',
      status: 'concluida',
      remetente_id: b.id,
      destinatario_id: a.id,
    });
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('cannot take more than the payee has available', async () => {
    const [a, b, c] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const original = await paid(a, b, 6000);
    await paid(b, c, 9000); // b spent most of it
    await paid(b, c, 2000);
    expect(await reverse(original)).toMatchObject({ ok: false, error: 'insufficient_balance' });
    expect([await available(a), await available(b)]).toEqual([4000, 5000]);
  });

  it('reverses a movement only once, and is idempotent by key', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const original = await paid(a, b, 1000);
    const key = randomUUID();
    const answers = await Promise.all([reverse(original, key), reverse(original, key), reverse(original)]);
    const done = answers.filter((r) => r.ok);
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(new Set(done.map((r) => r.ok && r.movimentacao_id)).size).toBe(1);
    const refused = answers.filter((r) => !r.ok);
    for (const r of refused)
      expect(r).toMatchObject({ error: expect.stringMatching(/already_reversed|request_in_progress/) });
    // The key's replay is the key's own first answer: the reversal, or — when the call without a
    // key won the race — the refusal the key got then.
    const [keyOutcome] = answers
      .slice(0, 2)
      .filter((r) => r.ok || (r.error !== 'request_in_progress' && !('replayed' in r && r.replayed)));
    expect(keyOutcome).toBeDefined();
    const replay = await reverse(original, key);
    expect(replay).toMatchObject({ ok: keyOutcome?.ok, replayed: true });
    if (replay.ok && keyOutcome?.ok) expect(replay.movimentacao_id).toBe(keyOutcome.movimentacao_id);
    else expect(replay).toMatchObject({ error: 'transaction_already_reversed' });
    expect(await reverse(original)).toMatchObject({ ok: false, error: 'transaction_already_reversed' });
    expect([await available(a), await available(b)]).toEqual([10_000, 10_000]);
  });

  it('refuses to reverse what is not a posted payment', async () => {
    const a = await seedUser(t);
    const signup = await t.database.db
      .selectFrom('kreyolcash_movimentacoes')
      .select('id')
      .where('destinatario_id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(await reverse(signup.id)).toMatchObject({ ok: false, error: 'transaction_not_reversible' });
    expect(await reverse(randomUUID())).toMatchObject({ ok: false, error: 'transaction_not_found' });
  });

  it('adjusts a balance up and down with a reason and an actor, idempotent by key', async () => {
    const a = await seedUser(t);
    const key = randomUUID();
    const adjust = (amountCentis: number, idempotencyKey: string, reason = 'cash counted at the agent') =>
      ledger.adjust(deps(), {
        userId: a.id,
        amountCentis,
        reason,
        actor: 'operator:finance',
        idempotencyKey,
      });
    const credit = await adjust(750, key);
    expect(credit).toMatchObject({ ok: true });
    expect(await adjust(750, key)).toMatchObject({ ok: true, replayed: true });
    expect(await adjust(751, key)).toMatchObject({ ok: false, error: 'idempotency_key_reused' });
    expect(await available(a)).toBe(10_750);
    expect(await adjust(-20_000, randomUUID())).toMatchObject({ ok: false, error: 'insufficient_balance' });
    expect(await adjust(-750, randomUUID())).toMatchObject({ ok: true });
    expect(await adjust(100, randomUUID(), '   ')).toMatchObject({
      ok: false,
      error: 'adjustment_reason_required',
    });
    expect(await available(a)).toBe(10_000);
    const rows = await t.database.db
      .selectFrom('kreyolcash_movimentacoes')
      .select(['tipo', 'motivo', 'ator', 'remetente_id', 'destinatario_id'])
      .where('tipo', '=', 'ajuste')
      .where((eb) => eb.or([eb('remetente_id', '=', a.id), eb('destinatario_id', '=', a.id)]))
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows)
      expect(row).toMatchObject({ motivo: 'cash counted at the agent', ator: 'operator:finance' });
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('refuses, in the database, any edit of a posted movement or of a ledger line', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const original = await paid(a, b, 100);
    for (const change of [
      sql`update kreyolcash_movimentacoes set quantidade_centis = 1 where id = ${original}::uuid`,
      sql`update kreyolcash_movimentacoes set destinatario_id = ${a.id}::uuid, remetente_id = ${b.id}::uuid where id = ${original}::uuid`,
      sql`update kreyolcash_movimentacoes set tipo = 'bonus' where id = ${original}::uuid`,
      sql`update kreyolcash_movimentacoes set status = 'cancelada' where id = ${original}::uuid`,
      sql`delete from kreyolcash_movimentacoes where id = ${original}::uuid`,
      sql`update kreyolcash_lancamentos set valor_centis = 1 where movimentacao_id = ${original}::uuid`,
      sql`delete from kreyolcash_lancamentos where movimentacao_id = ${original}::uuid`,
    ]) {
      await expect(change.execute(t.database.db)).rejects.toThrow(/append-only/);
    }
    await expect(
      sql`update kreyolcash_movimentacoes set tipo = 'roubo' where id = ${original}::uuid`.execute(
        t.database.db,
      ),
    ).rejects.toThrow();
  });
});
