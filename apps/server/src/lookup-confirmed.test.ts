import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from './test-support/ledger-assertions.ts';
import { type SeededUser, seedUser } from './test-support/ledger-fixtures.ts';
import { createCompanyAs, createProductAs } from './test-support/marketplace.ts';
import { createTestApp, type TestApp } from './test-support/test-app.ts';
import { testDatabaseKind } from './test-support/test-database.ts';

// The recipient lookup finds only active accounts whose e-mail is confirmed, and
// the ledger itself refuses to hold money for any other payee or seller, whatever the client asks.
describe(`who can receive money, on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await expectLedgerSound(t.database.db);
    await t.close();
  });

  const auth = (u: SeededUser) => ({ authorization: `Bearer ${u.accessToken}` });
  const lookup = (u: SeededUser, email: string) =>
    t.app.inject({ url: `/api/users/lookup?email=${encodeURIComponent(email)}`, headers: auth(u) });
  const send = (from: SeededUser, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: { ...auth(from), 'idempotency-key': randomUUID() },
      payload: { destinatario_email: email, quantidade_centis: 300 },
    });
  const setUser = (
    id: string,
    values: { email_confirmado_em?: Date | null; status?: 'ATIVO' | 'BLOQUEADO' },
  ) => t.database.db.updateTable('usuarios').set(values).where('id', '=', id).execute();
  const wallet = async (u: SeededUser) =>
    (await t.app.inject({ url: '/api/wallet', headers: auth(u) })).json();
  const untouched = { saldo_centis: 10_000, reservado_centis: 0, disponivel_centis: 10_000 };

  it('does not find, nor pay, an account whose e-mail is not confirmed; once confirmed it does', async () => {
    const [payer, payee] = [await seedUser(t), await seedUser(t)];
    await setUser(payee.id, { email_confirmado_em: null });

    const found = await lookup(payer, payee.email);
    expect([found.statusCode, found.json().error.code]).toEqual([404, 'user_not_found']);
    // A client that skips the lookup gets the same answer from the ledger, and nothing is held.
    const sent = await send(payer, payee.email);
    expect([sent.statusCode, sent.json().error.code]).toEqual([404, 'user_not_found']);
    expect(await wallet(payer)).toEqual(untouched);

    await setUser(payee.id, { email_confirmado_em: new Date() });
    expect((await lookup(payer, payee.email)).json()).toMatchObject({ id: payee.id, email: payee.email });
    expect((await send(payer, payee.email)).statusCode).toBe(201);
  });

  it('does not find, nor pay, a blocked account', async () => {
    const [payer, payee] = [await seedUser(t), await seedUser(t)];
    await setUser(payee.id, { status: 'BLOQUEADO' });
    expect((await lookup(payer, payee.email)).json().error.code).toBe('user_not_found');
    expect((await send(payer, payee.email)).json().error.code).toBe('user_not_found');
    expect(await wallet(payer)).toEqual(untouched);
  });

  it('answers your own e-mail with self_transfer, however it is typed', async () => {
    const me = await seedUser(t);
    for (const email of [me.email, ` ${me.email.toUpperCase()} `]) {
      const res = await lookup(me, email);
      expect([res.statusCode, res.json().error.code]).toEqual([422, 'self_transfer']);
    }
  });

  it('does not let a purchase pay a seller whose e-mail is not confirmed', async () => {
    const [seller, buyer] = [await seedUser(t), await seedUser(t)];
    const asSeller = { ...seller, refreshCookie: '' };
    const company = await createCompanyAs(t, asSeller);
    const product = await createProductAs(t, asSeller, company.id, { preco_centis: 200, estoque: 5 });
    await setUser(seller.id, { email_confirmado_em: null });

    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/purchases',
      headers: { ...auth(buyer), 'idempotency-key': randomUUID() },
      payload: { produto_id: product.id, quantidade: 1 },
    });
    expect([bought.statusCode, bought.json().error.code]).toEqual([404, 'product_not_found']);
    expect(await wallet(buyer)).toEqual(untouched);
    const stock = await t.database.db
      .selectFrom('produtos')
      .select('estoque_reservado')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(stock.estoque_reservado).toBe(0);
  });
});
