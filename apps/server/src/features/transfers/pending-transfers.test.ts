import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkLedger,
  codeForMovement,
  type SeededUser,
  seedUser,
} from '../../test-support/ledger-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

// A transfer waiting for its code can always be found again, resumed or cancelled.
describe(`pending transfers on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    expect((await checkLedger(t.database.db)).mismatchedUsers).toBe(0);
    await t.close();
  });

  const auth = (u: SeededUser) => ({ authorization: `Bearer ${u.accessToken}` });
  const send = (from: SeededUser, to: SeededUser, quantidade_centis: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: { ...auth(from), 'idempotency-key': randomUUID() },
      payload: { destinatario_email: to.email, quantidade_centis, observacoes: 'lwaye' },
    });
  const pendingOf = async (u: SeededUser) =>
    (await t.app.inject({ url: '/api/transfers/pending', headers: auth(u) })).json().items;
  const post = (u: SeededUser, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: auth(u), ...(payload ? { payload } : {}) });

  it('lists the payer’s transfers waiting for their code, and only theirs, until posted or cancelled', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const first = (await send(a, b, 1_250)).json();
    const second = (await send(a, b, 700)).json();
    const items = await pendingOf(a);
    expect(items.map((i: { movimentacao_id: string }) => i.movimentacao_id)).toEqual([
      second.movimentacao_id,
      first.movimentacao_id,
    ]);
    expect(items[1]).toMatchObject({
      quantidade_centis: 1_250,
      destinatario_nome: b.nome,
      destinatario_email: b.email,
      observacoes: 'lwaye',
      expira_em: first.expira_em,
    });
    expect(await pendingOf(b)).toEqual([]);

    expect((await post(a, `/api/transfers/${first.movimentacao_id}/cancel`)).statusCode).toBe(200);
    const code = await codeForMovement(t, second.movimentacao_id);
    expect(
      (await post(a, `/api/transfers/${second.movimentacao_id}/verify`, { codigo: code })).statusCode,
    ).toBe(200);
    expect(await pendingOf(a)).toEqual([]);
    expect((await t.app.inject({ url: '/api/wallet', headers: auth(a) })).json()).toMatchObject({
      reservado_centis: 0,
    });
  });

  it('a posted or cancelled transfer gets no new code: transaction_not_pending, nothing sent', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const posted = (await send(a, b, 300)).json().movimentacao_id;
    const codigo = await codeForMovement(t, posted);
    expect((await post(a, `/api/transfers/${posted}/verify`, { codigo })).statusCode).toBe(200);
    const cancelled = (await send(a, b, 200)).json().movimentacao_id;
    expect((await post(a, `/api/transfers/${cancelled}/cancel`)).statusCode).toBe(200);
    const codesSent = () =>
      t.database.db
        .selectFrom('outbox_messages')
        .select('id')
        .where('referencia', 'in', [posted, cancelled])
        .where('purpose', '=', 'transfer_code')
        .execute();
    const before = await codesSent();
    for (const id of [posted, cancelled]) {
      const resent = await post(a, `/api/transfers/${id}/resend-code`);
      expect([resent.statusCode, resent.json().error.code]).toEqual([409, 'transaction_not_pending']);
    }
    expect(await codesSent()).toEqual(before);
  });

  it('refuses the list without a session', async () => {
    expect((await t.app.inject({ url: '/api/transfers/pending' })).statusCode).toBe(401);
  });
});
