import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExpirySweeper } from '../../ledger/ledger.ts';
import { expectLedgerSound } from '../../test-support/ledger-assertions.ts';
import { type SeededUser, seedUser } from '../../test-support/ledger-fixtures.ts';
import { createCompanyAs, createProductAs } from '../../test-support/marketplace.ts';
import { queueNotices } from '../../test-support/notices.ts';
import { codeIn, MESSAGE_CONTENT, textOf } from '../../test-support/outbox-messages.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

describe(`purchases on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '10' });
  });
  afterAll(async () => {
    await expectLedgerSound(t.database.db);
    await t.close();
  });

  const auth = (u: SeededUser) => ({ authorization: `Bearer ${u.accessToken}` });
  const asOwner = (u: SeededUser) => ({ ...u, refreshCookie: '' });
  const buy = (u: SeededUser, body: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/purchases',
      // Every start carries its Idempotency-Key, as the web app's does (422 without one).
      headers: { ...auth(u), 'idempotency-key': key ?? randomUUID() },
      payload: body,
    });
  const verify = (u: SeededUser, id: string, codigo: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/purchases/${id}/verify`,
      headers: auth(u),
      payload: { codigo },
    });
  const wallet = async (u: SeededUser) =>
    (await t.app.inject({ url: '/api/wallet', headers: auth(u) })).json();
  const codeOf = async (saleId: string) => {
    const row = await t.database.db
      .selectFrom('outbox_messages')
      .select(MESSAGE_CONTENT)
      .where('referencia', '=', saleId)
      .where('purpose', '=', 'purchase_code')
      .executeTakeFirstOrThrow();
    return codeIn(row);
  };
  const productRow = (id: string) =>
    t.database.db.selectFrom('produtos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const shop = async (product: Record<string, unknown> = {}, company: Record<string, unknown> = {}) => {
    const seller = await seedUser(t);
    const empresa = await createCompanyAs(t, asOwner(seller), company);
    const produto = await createProductAs(t, asOwner(seller), empresa.id, { preco_centis: 250, ...product });
    return { seller, empresa, produto };
  };

  it('buys 2 units with the WhatsApp code: money to the owner, stock taken, seller told', async () => {
    const { seller, produto } = await shop(
      { estoque: 5, nome: 'Pen ak manba' },
      { telefone: '+50937990001' },
    );
    const buyer = await seedUser(t);
    const started = await buy(buyer, { produto_id: produto.id, quantidade: 2 });
    expect(started.statusCode).toBe(201);
    const { venda_id, total_centis } = started.json();
    expect(total_centis).toBe(500);
    expect(await wallet(buyer)).toEqual({
      saldo_centis: 10000,
      reservado_centis: 500,
      disponivel_centis: 9500,
    });
    expect((await productRow(produto.id)).estoque_reservado).toBe(2);
    const pending = (await t.app.inject({ url: `/api/purchases/${venda_id}`, headers: auth(buyer) })).json();
    expect(pending).toMatchObject({
      status: 'PENDENTE',
      quantidade: 2,
      total_centis: 500,
      produto_nome: 'Pen ak manba',
    });

    const code = await codeOf(venda_id);
    const done = await verify(buyer, venda_id, code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      success: true,
      venda: { id: venda_id, status: 'CONFIRMADA', contato_whatsapp: '+50937990001' },
    });
    expect(await wallet(buyer)).toEqual({ saldo_centis: 9500, reservado_centis: 0, disponivel_centis: 9500 });
    expect(await wallet(seller)).toEqual({
      saldo_centis: 10500,
      reservado_centis: 0,
      disponivel_centis: 10500,
    });
    expect(await productRow(produto.id)).toMatchObject({ estoque: 3, estoque_reservado: 0, status: 'ATIVO' });
    await queueNotices(t.database.db);
    const told = await t.database.db
      .selectFrom('outbox_messages')
      .select(['recipient', ...MESSAGE_CONTENT])
      .where('referencia', '=', venda_id)
      .where('purpose', '=', 'new_sale')
      .executeTakeFirstOrThrow();
    expect(told.recipient).toBe('+50937990001');
    expect(textOf(told)).toContain('Pen ak manba');
    expect(textOf(told)).toContain('Kantite: 2');
    expect(textOf(told)).toContain('₭ 5,00');
    expect(textOf(told)).toContain(buyer.nome);
    const sales = (
      await t.app.inject({
        url: `/api/companies/${(await productRow(produto.id)).empresa_id}/sales`,
        headers: auth(seller),
      })
    ).json();
    expect(sales.items[0]).toMatchObject({
      id: venda_id,
      comprador_nome: buyer.nome,
      quantidade: 2,
      total_centis: 500,
      status: 'CONFIRMADA',
    });
    const history = (
      await t.app.inject({ url: '/api/wallet/transactions?type=sent', headers: auth(buyer) })
    ).json().items;
    expect(history[0]).toMatchObject({ type: 'sent', status: 'concluida', quantidade_centis: 500 });
  });

  it('prices the sale itself, and never charges a price other than the one the buyer saw', async () => {
    const { produto } = await shop({ preco_centis: 1234, estoque: 10 });
    const buyer = await seedUser(t);
    // An attempt already waiting for its code, at the current price.
    const first = await buy(buyer, { produto_id: produto.id, quantidade: 1, preco_unitario_centis: 1234 });
    expect(first.statusCode).toBe(201);
    const sales = () =>
      t.database.db
        .selectFrom('vendas')
        .select(['id', 'status'])
        .where('produto_id', '=', produto.id)
        .orderBy('criado_em')
        .execute();
    // The unit price a page showed before the seller changed it: refused, and nothing changes, the
    // waiting attempt included.
    const key = randomUUID();
    const stale = await buy(
      buyer,
      { produto_id: produto.id, quantidade: 3, preco_unitario_centis: 1000 },
      key,
    );
    expect([stale.statusCode, stale.json().error]).toEqual([
      409,
      expect.objectContaining({ code: 'price_changed', details: { preco_unitario_centis: 1234 } }),
    ]);
    expect(await wallet(buyer)).toMatchObject({ reservado_centis: 1234 });
    expect((await productRow(produto.id)).estoque_reservado).toBe(1);
    expect(await sales()).toEqual([{ id: first.json().venda_id, status: 'PENDENTE' }]);
    // The price it names is bought, with the same Idempotency-Key (the refusal kept nothing); a
    // total the client sends is not the server's business.
    const res = await buy(
      buyer,
      { produto_id: produto.id, quantidade: 3, preco_unitario_centis: 1234, total_centis: 3 },
      key,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().total_centis).toBe(3702);
    // It replaces the waiting attempt, as a new attempt at the same product does.
    expect(await wallet(buyer)).toMatchObject({ reservado_centis: 3702 });
    expect((await sales()).map((sale) => sale.status)).toEqual(['CANCELADA', 'PENDENTE']);
  });

  it('refuses the owner buying from their own company', async () => {
    const { seller, produto } = await shop();
    const res = await buy(seller, { produto_id: produto.id, quantidade: 1 });
    expect([res.statusCode, res.json().error.code]).toEqual([403, 'own_company_purchase']);
  });

  it.each([
    [0, 'invalid_quantity'],
    [1000, 'invalid_quantity'],
    [6, 'insufficient_stock'],
  ])('refuses a quantity of %i with %s and reserves nothing', async (quantidade, code) => {
    const { produto } = await shop({ estoque: 5 });
    const buyer = await seedUser(t);
    const res = await buy(buyer, { produto_id: produto.id, quantidade });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code === code || res.json().error.fields?.quantidade === code).toBe(true);
    expect(await wallet(buyer)).toMatchObject({ reservado_centis: 0 });
  });

  it('refuses a purchase the balance cannot cover, and an unknown product', async () => {
    const { produto } = await shop({ preco_centis: 6000 });
    const buyer = await seedUser(t);
    const short = await buy(buyer, { produto_id: produto.id, quantidade: 2 });
    expect([short.statusCode, short.json().error.code]).toEqual([422, 'insufficient_balance']);
    const ghost = await buy(buyer, { produto_id: '00000000-0000-4000-8000-000000000000', quantidade: 1 });
    expect([ghost.statusCode, ghost.json().error.code]).toEqual([404, 'product_not_found']);
  });

  it('answers a wrong code with success:false, and cancels at the third, releasing money and stock', async () => {
    const { produto } = await shop({ estoque: 2 });
    const buyer = await seedUser(t);
    const { venda_id } = (await buy(buyer, { produto_id: produto.id, quantidade: 2 })).json();
    const code = await codeOf(venda_id);
    const wrong = code === '111111' ? '222222' : '111111';
    expect((await verify(buyer, venda_id, wrong)).json()).toEqual({
      success: false,
      error: 'invalid_codes',
      tentativas_restantes: 2,
    });
    await verify(buyer, venda_id, wrong);
    expect((await verify(buyer, venda_id, wrong)).json()).toMatchObject({
      success: false,
      error: 'code_attempts_exceeded',
    });
    expect(await wallet(buyer)).toMatchObject({ reservado_centis: 0, saldo_centis: 10000 });
    expect(await productRow(produto.id)).toMatchObject({ estoque: 2, estoque_reservado: 0 });
    const sale = (await t.app.inject({ url: `/api/purchases/${venda_id}`, headers: auth(buyer) })).json();
    expect(sale.status).toBe('CANCELADA');
    expect((await verify(buyer, venda_id, code)).json().error.code).toBe('transaction_not_pending');
  });

  it('cancels an expired sale through the sweeper, giving back money and stock', async () => {
    const { produto } = await shop({ estoque: 4 });
    const buyer = await seedUser(t);
    const { venda_id } = (await buy(buyer, { produto_id: produto.id, quantidade: 3 })).json();
    await sql`update kreyolcash_movimentacoes set expira_em = now() - interval '1 second'
               where id = (select movimentacao_id from vendas where id = ${venda_id}::uuid)`.execute(
      t.database.db,
    );
    await new ExpirySweeper(t.database.db, { info: () => {}, error: () => {} } as never).sweep();
    expect(await productRow(produto.id)).toMatchObject({ estoque: 4, estoque_reservado: 0 });
    expect(await wallet(buyer)).toMatchObject({ reservado_centis: 0 });
    expect(
      (await t.app.inject({ url: `/api/purchases/${venda_id}`, headers: auth(buyer) })).json().status,
    ).toBe('CANCELADA');
  });

  it('never sells more than the stock when many buyers race for the last units', async () => {
    const { produto } = await shop({ estoque: 3 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => seedUser(t)));
    const results = await Promise.all(buyers.map((b) => buy(b, { produto_id: produto.id, quantidade: 1 })));
    const started = results
      .map((r, i) => ({ r, b: buyers[i] as SeededUser }))
      .filter(({ r }) => r.statusCode === 201);
    expect(started).toHaveLength(3);
    expect(
      results.filter((r) => r.statusCode !== 201).every((r) => r.json().error.code === 'insufficient_stock'),
    ).toBe(true);
    for (const { r, b } of started)
      expect((await verify(b, r.json().venda_id, await codeOf(r.json().venda_id))).json().success).toBe(true);
    expect(await productRow(produto.id)).toMatchObject({
      estoque: 0,
      estoque_reservado: 0,
      status: 'ESGOTADO',
    });
    expect(
      (await t.app.inject({ url: `/api/products/${produto.id}`, headers: auth(buyers[0] as SeededUser) }))
        .statusCode,
    ).toBe(404);
  });

  it('makes one sale out of repeated requests with the same Idempotency-Key', async () => {
    const { produto } = await shop({ estoque: 10 });
    const buyer = await seedUser(t);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        buy(buyer, { produto_id: produto.id, quantidade: 1 }, 'purchase-key-0001'),
      ),
    );
    expect(new Set(results.map((r) => r.json().venda_id)).size).toBe(1);
    expect((await productRow(produto.id)).estoque_reservado).toBe(1);
    const changed = await buy(buyer, { produto_id: produto.id, quantidade: 2 }, 'purchase-key-0001');
    expect(changed.json().error.code).toBe('idempotency_key_reused');
  });

  it('hides a sale from everyone but its buyer', async () => {
    const { seller, produto } = await shop();
    const [buyer, mallory] = [await seedUser(t), await seedUser(t)];
    const { venda_id } = (await buy(buyer, { produto_id: produto.id, quantidade: 1 })).json();
    const code = await codeOf(venda_id);
    for (const other of [mallory, seller]) {
      expect((await verify(other, venda_id, code)).statusCode).toBe(404);
      expect(
        (await t.app.inject({ url: `/api/purchases/${venda_id}`, headers: auth(other) })).statusCode,
      ).toBe(404);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/purchases/${venda_id}/cancel`,
            headers: auth(other),
          })
        ).statusCode,
      ).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/purchases/${venda_id}/cancel`, headers: auth(buyer) }))
        .statusCode,
    ).toBe(200);
    expect(await wallet(buyer)).toMatchObject({ reservado_centis: 0 });
  });
});
