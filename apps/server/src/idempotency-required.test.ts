import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from './test-support/ledger-assertions.ts';
import { codeForMovement, type SeededUser, seedUser } from './test-support/ledger-fixtures.ts';
import { createCompanyAs, createProductAs } from './test-support/marketplace.ts';
import { createTestApp, type TestApp } from './test-support/test-app.ts';
import { testDatabaseKind } from './test-support/test-database.ts';

// The POSTs that start a movement (a transfer, a purchase) need an
// Idempotency-Key, so a retry can never hold or pay twice; a replayed key answers the movement as
// it is now. Verify and cancel act on one movement by its id, and its state lets them act once.
describe(`Idempotency-Key on the money-moving POSTs, on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await expectLedgerSound(t.database.db);
    await t.close();
  });

  const auth = (u: SeededUser) => ({ authorization: `Bearer ${u.accessToken}` });
  const post = (u: SeededUser, url: string, payload: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...auth(u), ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload,
    });
  const wallet = async (u: SeededUser) =>
    (await t.app.inject({ url: '/api/wallet', headers: auth(u) })).json();
  const movementsOf = async (u: SeededUser) =>
    (
      await t.database.db
        .selectFrom('kreyolcash_movimentacoes')
        .select('id')
        .where('remetente_id', '=', u.id)
        .execute()
    ).length;
  const productOf = async (owner: SeededUser, preco_centis = 500) => {
    const asOwner = { ...owner, refreshCookie: '' };
    const company = await createCompanyAs(t, asOwner);
    return createProductAs(t, asOwner, company.id, { preco_centis, estoque: 10 });
  };

  it('refuses a transfer without a key with idempotency_key_required, and holds nothing', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const body = { destinatario_email: b.email, quantidade_centis: 700 };
    for (let i = 0; i < 2; i++) {
      const res = await post(a, '/api/transfers', body);
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({
        code: 'idempotency_key_required',
        fields: { 'idempotency-key': 'idempotency_key_required' },
      });
    }
    expect(await wallet(a)).toEqual({ saldo_centis: 10_000, reservado_centis: 0, disponivel_centis: 10_000 });
    expect(await movementsOf(a)).toBe(0);
    // A key that cannot be one (too short, a control character) is a malformed request.
    for (const key of ['short', 'line\tbreak-key'])
      expect((await post(a, '/api/transfers', body, key)).json().error.code).toBe('validation_error');
  });

  it('refuses a purchase without a key, and holds neither money nor stock', async () => {
    const [seller, buyer] = [await seedUser(t), await seedUser(t)];
    const product = await productOf(seller);
    const res = await post(buyer, '/api/purchases', { produto_id: product.id, quantidade: 2 });
    expect([res.statusCode, res.json().error.code]).toEqual([422, 'idempotency_key_required']);
    expect(await wallet(buyer)).toMatchObject({ reservado_centis: 0, disponivel_centis: 10_000 });
    const stock = await t.database.db
      .selectFrom('produtos')
      .select(['estoque', 'estoque_reservado'])
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(stock).toEqual({ estoque: 10, estoque_reservado: 0 });
  });

  it('answers a replayed transfer key with the transfer as it is now: concluida, cancelada', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const body = { destinatario_email: b.email, quantidade_centis: 1250 };
    const key = randomUUID();
    const first = await post(a, '/api/transfers', body, key);
    expect([first.statusCode, first.json().status]).toEqual([201, 'pendente']);
    const id = first.json().movimentacao_id;
    const verified = await post(a, `/api/transfers/${id}/verify`, { codigo: await codeForMovement(t, id) });
    expect(verified.statusCode).toBe(200);

    const replay = await post(a, '/api/transfers', body, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toMatchObject({ movimentacao_id: id, status: 'concluida' });
    // The retry of the verify itself cannot post again.
    const again = await post(a, `/api/transfers/${id}/verify`, { codigo: await codeForMovement(t, id) });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'transaction_not_pending']);
    expect((await wallet(b)).saldo_centis).toBe(11_250);
    expect(await wallet(a)).toEqual({ saldo_centis: 8_750, reservado_centis: 0, disponivel_centis: 8_750 });

    const otherKey = randomUUID();
    const cancelled = await post(a, '/api/transfers', { ...body, quantidade_centis: 100 }, otherKey);
    await post(a, `/api/transfers/${cancelled.json().movimentacao_id}/cancel`, {});
    const replayCancelled = await post(a, '/api/transfers', { ...body, quantidade_centis: 100 }, otherKey);
    expect(replayCancelled.json()).toMatchObject({
      movimentacao_id: cancelled.json().movimentacao_id,
      status: 'cancelada',
    });
    expect(await wallet(a)).toEqual({ saldo_centis: 8_750, reservado_centis: 0, disponivel_centis: 8_750 });
  });

  it('answers a replayed purchase key with the sale as it is now: CONFIRMADA', async () => {
    const [seller, buyer] = [await seedUser(t), await seedUser(t)];
    const product = await productOf(seller, 300);
    const key = randomUUID();
    const body = { produto_id: product.id, quantidade: 2 };
    const first = await post(buyer, '/api/purchases', body, key);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'PENDENTE', total_centis: 600 });
    const saleId = first.json().venda_id;
    // The purchase's code message is filed under its sale.
    const code = await codeForMovement(t, saleId);
    expect((await post(buyer, `/api/purchases/${saleId}/verify`, { codigo: code })).json().success).toBe(
      true,
    );

    const replay = await post(buyer, '/api/purchases', body, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toMatchObject({ venda_id: saleId, status: 'CONFIRMADA', total_centis: 600 });
    expect(await wallet(buyer)).toEqual({
      saldo_centis: 9_400,
      reservado_centis: 0,
      disponivel_centis: 9_400,
    });
    expect((await wallet(seller)).saldo_centis).toBe(10_600);
  });
});
