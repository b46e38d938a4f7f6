import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, type SeededUser, seedUser } from '../src/test-support/ledger-fixtures.ts';
import { createTestApp, type TestApp } from '../src/test-support/test-app.ts';
import { printFigures } from './harness/figures.ts';

// T3 — Idempotency-Key, Stripe's semantics: one effect per key and user, the first answer
// replayed, another body refused, and nothing of one user's answer shown to another.
describe('T3 idempotency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1000' });
  });
  afterAll(async () => {
    await t.close();
  });

  const initiate = (u: SeededUser, key: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: { authorization: `Bearer ${u.accessToken}`, 'idempotency-key': key },
      payload: body,
    });
  const movementsOf = async (u: SeededUser) =>
    (
      await t.database.db
        .selectFrom('kreyolcash_movimentacoes')
        .select('id')
        .where('remetente_id', '=', u.id)
        .execute()
    ).length;

  it('makes one effect per key, replays the first answer and leaks nothing', async () => {
    const [a, b, mallory] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const body = { destinatario_email: b.email, quantidade_centis: 1500 };

    const sequential = [];
    for (let i = 0; i < 10; i++) sequential.push(await initiate(a, 'same-key-in-a-row', body));
    const parallel = await Promise.all(
      Array.from({ length: 20 }, () => initiate(a, 'same-key-at-once', body)),
    );
    const changed = await initiate(a, 'same-key-in-a-row', { ...body, quantidade_centis: 1600 });
    const stolen = await initiate(mallory, 'same-key-in-a-row', {
      destinatario_email: b.email,
      quantidade_centis: 1500,
    });

    const effects = {
      'in a row (10)': new Set(sequential.map((r) => r.json().movimentacao_id)).size,
      'at once (20)': new Set(parallel.map((r) => r.json().movimentacao_id)).size,
    };
    const leaks = stolen.json().movimentacao_id === sequential[0]?.json().movimentacao_id ? 1 : 0;
    const wallet = (
      await t.app.inject({ url: '/api/wallet', headers: { authorization: `Bearer ${a.accessToken}` } })
    ).json();
    printFigures('T3 idempotency', {
      ...effects,
      'replays marked': sequential.filter((r) => r.headers['idempotent-replayed'] === 'true').length,
      'changed body': `${changed.statusCode} ${changed.json().error?.code}`,
      "another user's key": `${stolen.statusCode} (own movement)`,
      leaks,
      'movements of A': await movementsOf(a),
      'reserved by A ₭': wallet.reservado_centis / 100,
    });
    expect(effects['in a row (10)']).toBe(1);
    expect(effects['at once (20)']).toBe(1);
    expect(sequential.every((r) => r.statusCode === 201) && parallel.every((r) => r.statusCode === 201)).toBe(
      true,
    );
    expect(changed.json().error.code).toBe('idempotency_key_reused');
    expect(stolen.statusCode).toBe(201);
    expect(leaks).toBe(0);
    expect(await movementsOf(a)).toBe(2);
    expect(wallet.reservado_centis).toBe(3000);
    const check = await checkLedger(t.database.db);
    expect(check.mismatchedUsers).toBe(0);
    expect(check.problems).toEqual([]);
  });
});
