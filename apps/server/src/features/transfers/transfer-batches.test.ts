import { randomUUID } from 'node:crypto';
import type { AppError } from '@kreyolcash/domain';
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
import { initiateTransfer, verifyTransfer } from './transfers.service.ts';

// Calls made in one tick: in each lane (payers are spread over two) the first leaves alone and the
// rest wait for it and leave as one batch — at most four calls, whatever the lanes.
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
  const balance = async (u: SeededUser) =>
    (
      await t.app.inject({ url: '/api/wallet', headers: { authorization: `Bearer ${u.accessToken}` } })
    ).json();

  it('answers each initiation of a batch as if it ran alone, in each payer’s order', async () => {
    const [a, b, c, z] = [await seedUser(t), await seedUser(t), await seedUser(t), await seedUser(t)];
    const { initiate } = transferBatchers(t.app.deps.database.db);
    const before = { ...initiate.sent };
    const first = randomUUID();
    const answers = await Promise.all([
      send(z, b, 1), // leaves alone; the others gather behind it
      send(a, b, 6000, first),
      send(a, b, 6000), // A has ₭100: the second ₭60 is refused
      send(a, b, 6000, first), // the same key and body: the first answer again
      send(c, 'nobody@example.ht', 100),
      send(c, c, 100),
      send(c, a, 10_001),
    ]);
    // An unknown payee and oneself are refused by the lookup, before the ledger: 5 reach it.
    expect(initiate.sent.calls - before.calls).toBeLessThanOrEqual(4);
    expect(initiate.sent.items - before.items).toBe(5);

    const [, ok, refused, replay, unknown, self, tooMuch] = answers;
    expect(ok).toMatchObject({ ok: { status: 'pendente', replayed: false } });
    expect(refused).toEqual({ error: 'insufficient_balance' });
    expect(replay).toMatchObject({ ok: { replayed: true } });
    const id = (ok as { ok: { movimentacao_id: string } }).ok.movimentacao_id;
    expect((replay as { ok: { movimentacao_id: string } }).ok.movimentacao_id).toBe(id);
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
    const check = (payer: SeededUser, movementId: string, code: string) =>
      outcome(verifyTransfer(t.app.deps, { payerId: payer.id, movementId, code }));
    const answers = await Promise.all([
      check(z, zb.id, zb.code), // leaves alone
      check(a, ab.id, ab.code),
      check(a, ab.id, ab.code), // the same movement twice: posted once
      check(a, ac.id, wrong(ac.code)),
      check(c, ba.id, ba.code), // not C's movement
      check(b, ba.id, ba.code),
    ]);
    expect(verify.sent.calls - before.calls).toBeLessThanOrEqual(4);
    expect(verify.sent.items - before.items).toBe(6);
    expect(answers).toEqual([
      { ok: undefined },
      { ok: undefined },
      { error: 'transaction_not_pending' },
      { error: 'invalid_codes' },
      { error: 'transaction_not_found' },
      { ok: undefined },
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
