import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createConfirmedUser, type SignedInUser } from '../../test-support/accounts.ts';
import {
  type CreatedCompany,
  type CreatedProduct,
  createCompanyAs,
  createProductAs,
} from '../../test-support/marketplace.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

// Purchases do not exist yet: the sales here are written straight into the table, as the
// purchase flow will write them.
describe(`a company’s sales, on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let owner: SignedInUser;
  let buyer: SignedInUser;
  let company: CreatedCompany;
  let product: CreatedProduct;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createConfirmedUser(t);
    buyer = await createConfirmedUser(t);
    company = await createCompanyAs(t, owner);
    product = await createProductAs(t, owner, company.id, { preco_centis: 300 });
  });
  afterAll(async () => {
    await t.close();
  });

  const getSales = (user: SignedInUser, companyId: string, query = '') =>
    t.app.inject({ url: `/api/companies/${companyId}/sales${query}`, headers: bearer(user) });
  const insertSale = (p: { quantidade: number; status?: 'PENDENTE' | 'CONFIRMADA'; criado_em: string }) =>
    t.database.db
      .insertInto('vendas')
      .values({
        empresa_id: company.id,
        comprador_id: buyer.id,
        vendedor_id: owner.id,
        produto_id: product.id,
        quantidade: p.quantidade,
        preco_unitario_centis: product.preco_centis,
        total_centis: product.preco_centis * p.quantidade,
        status: p.status ?? 'PENDENTE',
        criado_em: p.criado_em,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  it('shows the owner an empty list before any sale', async () => {
    const res = await getSales(owner, company.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], next_cursor: null });
  });

  it('refuses anybody but the owner with 403 forbidden', async () => {
    const res = await getSales(buyer, company.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
  });

  it('answers 404 company_not_found for an unknown or malformed company', async () => {
    for (const id of [randomUUID(), 'abc']) {
      const res = await getSales(owner, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('company_not_found');
    }
  });

  it('lists the sales newest first with the buyer’s and the product’s names', async () => {
    const older = await insertSale({ quantidade: 1, criado_em: '2025-01-01T10:00:00Z' });
    const newer = await insertSale({
      quantidade: 4,
      status: 'CONFIRMADA',
      criado_em: '2025-01-02T10:00:00Z',
    });
    const buyerName = (await t.app.inject({ url: '/api/me', headers: bearer(buyer) })).json().nome_completo;
    const res = await getSales(owner, company.id);
    expect(res.json()).toEqual({
      items: [
        {
          id: newer.id,
          criado_em: '2025-01-02T10:00:00.000Z',
          comprador_nome: buyerName,
          produto_nome: product.nome,
          quantidade: 4,
          total_centis: 1200,
          status: 'CONFIRMADA',
        },
        {
          id: older.id,
          criado_em: '2025-01-01T10:00:00.000Z',
          comprador_nome: buyerName,
          produto_nome: product.nome,
          quantidade: 1,
          total_centis: 300,
          status: 'PENDENTE',
        },
      ],
      next_cursor: null,
    });
    const firstPage = (await getSales(owner, company.id, '?limit=1')).json();
    expect(firstPage.items.map((s: { id: string }) => s.id)).toEqual([newer.id]);
    const secondPage = (await getSales(owner, company.id, `?limit=1&cursor=${firstPage.next_cursor}`)).json();
    expect(secondPage).toEqual({ items: [expect.objectContaining({ id: older.id })], next_cursor: null });
  });

  it('still shows a suspended company’s sales to its owner, and answers 404 to anybody else', async () => {
    const seller = await createConfirmedUser(t);
    const shop = await createCompanyAs(t, seller);
    await t.database.db
      .updateTable('empresas')
      .set({ status: 'SUSPENSA' })
      .where('id', '=', shop.id)
      .execute();
    expect((await getSales(seller, shop.id)).statusCode).toBe(200);
    const stranger = await getSales(buyer, shop.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('company_not_found');
  });
});
