import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, type SeededUser, seedUser } from '../../test-support/ledger-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';
import { sendMoney } from '../../test-support/transfers.ts';

// Who can be found and paid is one rule (the ledger's kc_pode_receber): the lookup, the recent
// payees and the hold itself must agree on every account, whichever identity names it.
describe(`who can receive, on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    expect((await checkLedger(t.database.db)).mismatchedUsers).toBe(0);
    await t.close();
  });

  const auth = (u: SeededUser) => ({ authorization: `Bearer ${u.accessToken}` });
  const lookup = (u: SeededUser, payee: SeededUser) =>
    t.app.inject({
      url: `/api/users/lookup?telefone=${encodeURIComponent(payee.telefone)}`,
      headers: auth(u),
    });
  const start = (u: SeededUser, payee: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: { ...auth(u), 'idempotency-key': randomUUID() },
      payload: { ...payee, quantidade_centis: 100 },
    });
  const recentIds = async (u: SeededUser) =>
    (await t.app.inject({ url: '/api/transfers/recent-payees', headers: auth(u) }))
      .json()
      .items.map((item: { destinatario_id: string }) => item.destinatario_id);

  const states = {
    'an active account, e-mail confirmed and phone proven': {},
    'an inactive account': { status: 'INATIVO' },
    'a blocked account': { status: 'BLOQUEADO' },
    'an account whose e-mail is not confirmed': { email_confirmado_em: null },
    'an account whose phone is not proven': { telefone_verificado_em: null },
  } as const;

  it('is answered the same by the lookup, the recent payees and the ledger, by phone, e-mail and id', async () => {
    const payer = await seedUser(t, { bonusCentis: 50_000 });
    const payees = new Map<string, SeededUser>();
    for (const [name, change] of Object.entries(states)) {
      const payee = await seedUser(t);
      // Paid once while it could receive, so it is among the payer's recent payees…
      await sendMoney(t, payer, payee, 100);
      // …then put in the state under test.
      if (Object.keys(change).length > 0)
        await t.database.db.updateTable('usuarios').set(change).where('id', '=', payee.id).execute();
      payees.set(name, payee);
    }
    const recent = await recentIds(payer);
    for (const [name, payee] of payees) {
      const receives = name === 'an active account, e-mail confirmed and phone proven';
      const found = await lookup(payer, payee);
      expect([name, found.statusCode]).toEqual([name, receives ? 200 : 404]);
      if (!receives) expect(found.json().error.code).toBe('user_not_found');
      expect([name, recent.includes(payee.id)]).toEqual([name, receives]);
      for (const identity of [
        { destinatario_email: payee.email },
        { destinatario_telefone: payee.telefone },
        { destinatario_id: payee.id },
      ]) {
        const held = await start(payer, identity);
        expect([name, identity, held.statusCode]).toEqual([name, identity, receives ? 201 : 404]);
        if (!receives) expect(held.json().error.code).toBe('user_not_found');
      }
    }
  });
});
