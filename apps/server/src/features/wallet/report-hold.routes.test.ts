import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../../test-support/ledger-assertions.ts';
import { type SeededUser, seedUser } from '../../test-support/ledger-fixtures.ts';
import { operatorSession } from '../../test-support/operators.ts';
import { decideReport, paidTransfer, reportTransfer } from '../../test-support/report-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

// Money held by a "wrong person" report is not money waiting for a code: the balance says how much
// of what is held is a report's, and the statement marks the payment being checked, on both sides.
describe(`a report's hold in the balance and the statement on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let support: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
    support = (await operatorSession(t, 'support')).cookie;
  });
  afterAll(async () => {
    await expectLedgerSound(t.database.db);
    await t.close();
  });

  const get = async (user: SeededUser, url: string) =>
    (await t.app.inject({ url, headers: { authorization: `Bearer ${user.accessToken}` } })).json();
  const rowOf = async (user: SeededUser, movementId: string) =>
    (
      (await get(user, '/api/wallet/transactions?type=all')).items as {
        id: string;
        em_verificacao: boolean;
      }[]
    ).find((item) => item.id === movementId);

  it('tells a report’s hold apart from a transfer waiting for its code, until support decides', async () => {
    const [payer, payee, third] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const paid = await paidTransfer(t, payer, payee, 2_000);
    // The payee also starts a transfer of their own: its hold waits for a code.
    const waiting = await t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: { authorization: `Bearer ${payee.accessToken}`, 'idempotency-key': randomUUID() },
      payload: { destinatario_email: third.email, quantidade_centis: 500 },
    });
    expect(waiting.statusCode, waiting.body).toBe(201);
    expect(await get(payee, '/api/wallet')).toEqual({
      saldo_centis: 12_000,
      reservado_centis: 500,
      disponivel_centis: 11_500,
    });
    expect(await rowOf(payee, paid)).toMatchObject({ em_verificacao: false });

    const opened = await reportTransfer(t, payer, paid);
    expect(opened.statusCode, opened.body).toBe(201);
    expect(await get(payee, '/api/wallet')).toMatchObject({
      reservado_centis: 2_500,
      em_verificacao_centis: 2_000,
    });
    // The payer's own balance holds nothing for it.
    expect(await get(payer, '/api/wallet')).not.toHaveProperty('em_verificacao_centis');
    expect(await rowOf(payee, paid)).toMatchObject({ em_verificacao: true });
    expect(await rowOf(payer, paid)).toMatchObject({ em_verificacao: true });
    expect(await get(payee, `/api/wallet/transactions/${paid}`)).toMatchObject({ em_verificacao: true });

    const reportId = opened.json().reclamacao.id as string;
    expect((await decideReport(t, support, reportId, 'reject', 'Se bon moun nan')).statusCode).toBe(200);
    expect(await get(payee, '/api/wallet')).toEqual({
      saldo_centis: 12_000,
      reservado_centis: 500,
      disponivel_centis: 11_500,
    });
    expect(await rowOf(payee, paid)).toMatchObject({ em_verificacao: false });
    expect(await rowOf(payer, paid)).toMatchObject({ em_verificacao: false });
  });
});
