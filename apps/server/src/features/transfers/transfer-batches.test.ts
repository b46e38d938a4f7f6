import { randomUUID } from 'node:crypto';
import type { AppError } from '@kreyolcash/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transferBatchers } from '../../ledger/ledger.ts';
import {
  checkLedger,
  codeForMovement,
  type SeededUser,
  seedUser,
} from '../../test-support/ledger-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';
import { until } from '../../test-support/until.ts';
import { initiateTransfer, verifyTransfer } from './transfers.service.ts';

// Calls made together: in each lane (one per phase) what arrives in one turn of the event loop
// leaves as one call, and what arrives while it is out leaves as the next — at most four calls,
// whatever the lanes.
describe(`transfers in batches on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const outcome = (p: Promise<unknown>) =>
    p.then(
      (value) => ({ ok: value }),
      (error: AppError) => ({ error: error.code }),
    );
  const send = (from: SeededUser, to: SeededUser | string, quantidade_centis: number, key = randomUUID()) =>
    outcome(
      initiateTransfer(t.app.deps, {
        payerId: from.id,
        body: { destinatario_email: typeof to === 'string' ? to : to.email, quantidade_centis },
        idempotencyKey: key,
      }),
    );
  type Held = { ok: { movimentacao_id: string; status: string; replayed: boolean } };
  type Outcome = Held | { error: string };
  const withoutReplayFlag = (o: Outcome) => ('ok' in o ? { ...o, ok: { ...o.ok, replayed: undefined } } : o);
  // On PostgreSQL the payers' rows are held until every initiation has reached the batcher: each
  // lane's first call waits on them, and what it did not take gathers behind it, whatever the
  // machine's speed.
  // PGlite has one session, where a held row would hold everything.
  async function payersHeld<T>(
    payers: SeededUser[],
    arrived: () => boolean,
    run: () => Promise<T>,
  ): Promise<T> {
    if (testDatabaseKind !== 'postgres') return run();
    let running: Promise<T> | undefined;
    await t.database.db.transaction().execute(async (trx) => {
      await sql`select 1 from kreyolcash_contas where id in (${sql.join(payers.map((p) => p.id))}) for update`.execute(
        trx,
      );
      running = run();
      running.catch(() => {});
      await until('every initiation reached the batcher', arrived);
    });
    return running as Promise<T>;
  }
  const balance = async (u: SeededUser) =>
    (
      await t.app.inject({ url: '/api/wallet', headers: { authorization: `Bearer ${u.accessToken}` } })
    ).json();

  it('answers each initiation of a batch as if it ran alone', async () => {
    const [a, b, c, z] = [await seedUser(t), await seedUser(t), await seedUser(t), await seedUser(t)];
    const { initiate } = transferBatchers(t.app.deps.database.db);
    const before = { ...initiate.sent };
    const first = randomUUID();
    const answers = await payersHeld(
      [z, a, c],
      () => initiate.sent.items - before.items + initiate.queued === 7,
      () =>
        Promise.all([
          send(z, b, 1),
          send(a, b, 6000, first),
          send(a, b, 6000), // A has ₭100: one of the two ₭60 is refused
          send(a, b, 6000, first), // the same key and body: the same answer as the first
          send(c, 'nobody@example.ht', 100),
          send(c, c, 100),
          send(c, a, 10_001),
        ]),
    );
    // The ledger's hold finds the payee: an unknown payee and oneself are its refusals too.
    expect(initiate.sent.calls - before.calls).toBeLessThanOrEqual(4);
    expect(initiate.sent.items - before.items).toBe(7);

    // Which of A's two ₭60 is held depends on the lanes' timing, so it is open; that exactly one
    // is, and that the repeated key answers as the key's first arrival, is not.
    const [, keyed, other, repeated, unknown, self, tooMuch] = answers as [
      Outcome,
      Outcome,
      Outcome,
      Outcome,
      Outcome,
      Outcome,
      Outcome,
    ];
    expect([keyed, other].filter((o) => 'ok' in o)).toHaveLength(1);
    expect([keyed, other]).toContainEqual({ error: 'insufficient_balance' });
    expect(withoutReplayFlag(repeated)).toEqual(withoutReplayFlag(keyed));
    if ('ok' in keyed) {
      expect(keyed.ok).toMatchObject({ status: 'pendente' });
      expect([keyed.ok.replayed, (repeated as Held).ok.replayed].sort()).toEqual([false, true]);
    }
    expect(unknown).toEqual({ error: 'user_not_found' });
    expect(self).toEqual({ error: 'self_transfer' });
    expect(tooMuch).toEqual({ error: 'max_amount_error' });
    expect(await balance(a)).toEqual({
      saldo_centis: 10000,
      reservado_centis: 6000,
      disponivel_centis: 4000,
    });
    expect(await balance(c)).toEqual({ saldo_centis: 10000, reservado_centis: 0, disponivel_centis: 10000 });
  });

  it('posts a batch of verifications once each, refusing wrong codes and others’ movements', async () => {
    const [a, b, c, z] = [await seedUser(t), await seedUser(t), await seedUser(t), await seedUser(t)];
    const started = async (from: SeededUser, to: SeededUser, amount: number) => {
      const r = (await send(from, to, amount)) as { ok: { movimentacao_id: string } };
      return { id: r.ok.movimentacao_id, code: await codeForMovement(t, r.ok.movimentacao_id) };
    };
    const [ab, ac, ba, zb] = [
      await started(a, b, 2500),
      await started(a, c, 1000),
      await started(b, a, 700),
      await started(z, b, 1),
    ];
    const wrong = (code: string) => (code === '999999' ? '100000' : '999999');
    const { verify } = transferBatchers(t.app.deps.database.db);
    const before = { ...verify.sent };
    // A posted transfer answers its payer's statement entry of it, as the statement presents it.
    const check = (payer: SeededUser, movementId: string, code: string) =>
      outcome(
        verifyTransfer(t.app.deps, { payerId: payer.id, movementId, code }).then(
          (entry) => entry && JSON.parse(entry.apresentada),
        ),
      );
    const answers = await Promise.all([
      check(z, zb.id, zb.code),
      check(a, ab.id, ab.code),
      check(a, ab.id, ab.code), // the same movement twice: posted once
      check(a, ac.id, wrong(ac.code)),
      check(c, ba.id, ba.code), // not C's movement
      check(b, ba.id, ba.code),
    ]);
    expect(verify.sent.calls - before.calls).toBeLessThanOrEqual(4);
    expect(verify.sent.items - before.items).toBe(6);
    const posted = (id: string, payer: SeededUser) => ({
      ok: expect.objectContaining({
        id,
        type: 'sent',
        status: 'concluida',
        estornada: false,
        remetente_nome: payer.nome,
      }),
    });
    expect(answers).toEqual([
      posted(zb.id, z),
      posted(ab.id, a),
      { error: 'transaction_not_pending' },
      { error: 'invalid_codes' },
      { error: 'transaction_not_found' },
      posted(ba.id, b),
    ]);
    expect(await balance(a)).toEqual({
      saldo_centis: 10000 - 2500 + 700,
      reservado_centis: 1000,
      disponivel_centis: 7200,
    });
    expect(await balance(b)).toEqual({
      saldo_centis: 10000 + 2500 - 700 + 1,
      reservado_centis: 0,
      disponivel_centis: 11801,
    });
    expect(await balance(c)).toEqual({ saldo_centis: 10000, reservado_centis: 0, disponivel_centis: 10000 });
    const ledger = await checkLedger(t.database.db);
    expect(ledger.mismatchedUsers).toBe(0);
    expect(ledger.balancesCentis).toBe(ledger.issuedCentis);
  });
});
