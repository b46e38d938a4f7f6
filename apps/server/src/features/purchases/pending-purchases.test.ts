import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../../test-support/ledger-assertions.ts';
import { codeForMovement, type SeededUser, seedUser } from '../../test-support/ledger-fixtures.ts';
import { createCompanyAs, createProductAs } from '../../test-support/marketplace.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

// Held money is always recoverable, and nobody locks a seller's stock.
describe(`pending purchases on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '10' });
  });
  afterAll(async () => {
    await expectLedgerSound(t.database.db);
    await t.close();
  });

  const auth = (u: SeededUser) => ({ authorization: `Bearer ${u.accessToken}` });
  const buy = (u: SeededUser, produto_id: string, quantidade: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/purchases',
      headers: { ...auth(u), 'idempotency-key': randomUUID() },
      payload: { produto_id, quantidade },
    });
  const post = (u: SeededUser, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: auth(u), ...(payload ? { payload } : {}) });
  const get = async (u: SeededUser, url: string) => (await t.app.inject({ url, headers: auth(u) })).json();
  const sales = (buyerId: string, produtoId: string) =>
    t.database.db
      .selectFrom('vendas')
      .select(['id', 'status', 'quantidade'])
      .where('comprador_id', '=', buyerId)
      .where('produto_id', '=', produtoId)
      .execute();
  const shop = async (estoque: number | null) => {
    const seller = await seedUser(t);
    const empresa = await createCompanyAs(t, { ...seller, refreshCookie: '' }, {});
    const produto = await createProductAs(t, { ...seller, refreshCookie: '' }, empresa.id, {
      preco_centis: 250,
      estoque,
    });
    return { seller, produto };
  };

  it('cancels the buyer’s pending purchase of a product when they start another, freeing its money and stock', async () => {
    const { produto } = await shop(3);
    const buyer = await seedUser(t);
    const first = (await buy(buyer, produto.id, 3)).json();
    expect((await get(buyer, `/api/products/${produto.id}`)).estoque_disponivel).toBe(0);
    expect(await get(buyer, '/api/wallet')).toMatchObject({ reservado_centis: 750 });

    const second = await buy(buyer, produto.id, 2);
    expect(second.statusCode).toBe(201);
    expect(await get(buyer, `/api/purchases/${first.venda_id}`)).toMatchObject({ status: 'CANCELADA' });
    expect(await get(buyer, '/api/wallet')).toMatchObject({ reservado_centis: 500 });
    const product = await get(buyer, `/api/products/${produto.id}`);
    expect(product).toMatchObject({ estoque: 3, estoque_disponivel: 1 });
    const pending = (await get(buyer, '/api/purchases/pending')).items;
    expect(pending.map((p: { id: string }) => p.id)).toEqual([second.json().venda_id]);
    // The cancelled attempt's code no longer posts anything.
    const firstCode = await codeForMovement(t, first.venda_id);
    expect(
      (await post(buyer, `/api/purchases/${first.venda_id}/verify`, { codigo: firstCode })).statusCode,
    ).toBe(409);
  });

  it('another buyer sees the stock others hold, and the company list shows it too', async () => {
    const { produto, seller } = await shop(5);
    const [holder, other] = [await seedUser(t), await seedUser(t)];
    expect((await buy(holder, produto.id, 4)).statusCode).toBe(201);
    expect((await get(other, `/api/products/${produto.id}`)).estoque_disponivel).toBe(1);
    const list = await get(other, `/api/companies/${(await get(seller, '/api/companies/mine')).id}/products`);
    expect(list.items[0]).toMatchObject({ estoque: 5, estoque_disponivel: 1 });
    const refused = await buy(other, produto.id, 2);
    expect(refused.json().error.code).toBe('insufficient_stock');
    // A product without stock counts nothing.
    const { produto: service } = await shop(null);
    expect((await get(other, `/api/products/${service.id}`)).estoque_disponivel).toBeNull();
  });

  it('holds at most one pending purchase per buyer and product under concurrent requests', async () => {
    const { produto } = await shop(20);
    const buyer = await seedUser(t);
    const results = await Promise.all(Array.from({ length: 8 }, () => buy(buyer, produto.id, 2)));
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const rows = await sales(buyer.id, produto.id);
    expect(rows).toHaveLength(8);
    expect(rows.filter((r) => r.status === 'PENDENTE')).toHaveLength(1);
    expect(await get(buyer, '/api/wallet')).toMatchObject({ reservado_centis: 500 });
    expect((await get(buyer, `/api/products/${produto.id}`)).estoque_disponivel).toBe(18);
    // Other products are not touched: a pending purchase elsewhere stays.
    const { produto: other } = await shop(2);
    const elsewhere = (await buy(buyer, other.id, 1)).json();
    await buy(buyer, produto.id, 1);
    expect(await get(buyer, `/api/purchases/${elsewhere.venda_id}`)).toMatchObject({ status: 'PENDENTE' });
  });

  it('resends a purchase code: the old one dies, the new one posts, attempts and expiry unchanged', async () => {
    const { produto } = await shop(2);
    const buyer = await seedUser(t);
    const { venda_id } = (await buy(buyer, produto.id, 1)).json();
    const before = await get(buyer, `/api/purchases/${venda_id}`);
    const oldCode = await codeForMovement(t, venda_id);
    const wrong = oldCode === '000000' ? '111111' : '000000';
    expect((await post(buyer, `/api/purchases/${venda_id}/verify`, { codigo: wrong })).json()).toMatchObject({
      success: false,
      tentativas_restantes: 2,
    });
    const resent = await post(buyer, `/api/purchases/${venda_id}/resend-code`);
    expect(resent.statusCode).toBe(202);
    expect(resent.json()).toEqual({ tentativas_restantes: 2 });
    const newCode = await codeForMovement(t, venda_id);
    expect(await get(buyer, `/api/purchases/${venda_id}`)).toMatchObject({ expira_em: before.expira_em });
    if (newCode !== oldCode) {
      expect(
        (await post(buyer, `/api/purchases/${venda_id}/verify`, { codigo: oldCode })).json().success,
      ).toBe(false);
    }
    expect((await post(buyer, `/api/purchases/${venda_id}/verify`, { codigo: newCode })).json().success).toBe(
      true,
    );
    const again = await post(buyer, `/api/purchases/${venda_id}/resend-code`);
    expect(again.json().error.code).toBe('transaction_not_pending');
    expect((await get(buyer, '/api/purchases/pending')).items).toEqual([]);
  });

  it('lets only the buyer resend a code, and answers 404 for a malformed or unknown sale', async () => {
    const { produto, seller } = await shop(2);
    const [buyer, mallory] = [await seedUser(t), await seedUser(t)];
    const { venda_id } = (await buy(buyer, produto.id, 1)).json();
    for (const url of [
      `/api/purchases/${venda_id}/resend-code`,
      `/api/purchases/${randomUUID()}/resend-code`,
    ])
      expect((await post(mallory, url)).json().error.code).toBe('sale_not_found');
    expect((await post(seller, '/api/purchases/abc/resend-code')).statusCode).toBe(404);
    expect((await get(mallory, '/api/purchases/pending')).items).toEqual([]);
    const [mine] = (await get(buyer, '/api/purchases/pending')).items;
    expect(mine).toMatchObject({ id: venda_id, produto_id: produto.id, quantidade: 1, total_centis: 250 });
    expect(mine.movimentacao_id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
