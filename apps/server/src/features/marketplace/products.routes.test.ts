import { randomUUID } from 'node:crypto';
import { AMOUNT_CEILING_CENTIS } from '@kreyolcash/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createConfirmedUser, type SignedInUser } from '../../test-support/accounts.ts';
import {
  type CreatedCompany,
  createCompanyAs,
  createProductAs,
  newProductBody,
} from '../../test-support/marketplace.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

describe(`products and services, on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let owner: SignedInUser;
  let other: SignedInUser;
  let company: CreatedCompany;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createConfirmedUser(t);
    other = await createConfirmedUser(t);
    company = await createCompanyAs(t, owner);
  });
  afterAll(async () => {
    await t.close();
  });

  const postProduct = (user: SignedInUser, companyId: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/companies/${companyId}/products`,
      headers: bearer(user),
      payload,
    });
  const getAs = (user: SignedInUser, url: string) => t.app.inject({ url, headers: bearer(user) });
  const countProducts = async (companyId: string) =>
    (await t.database.db.selectFrom('produtos').select('id').where('empresa_id', '=', companyId).execute())
      .length;

  it('creates an ATIVO service priced in whole centis, its stock uncounted unless given', async () => {
    const res = await postProduct(owner, company.id, {
      nome: ' Pen ak manba ',
      descricao: 'Pen fre chak maten',
      categoria: 'food',
      preco_centis: 1250,
    });
    expect(res.statusCode).toBe(201);
    const product = res.json();
    expect(product).toEqual({
      id: expect.any(String),
      empresa_id: company.id,
      nome: 'Pen ak manba',
      descricao: 'Pen fre chak maten',
      categoria: 'food',
      preco_centis: 1250,
      estoque: null,
      estoque_disponivel: null,
      status: 'ATIVO',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const counted = await postProduct(owner, company.id, newProductBody({ estoque: 0 }));
    expect(counted.json().estoque).toBe(0);
    expect(counted.json().estoque_disponivel).toBe(0);
  });

  it('keeps the largest price, the ceiling of every amount, exact to the centi', async () => {
    const preco_centis = AMOUNT_CEILING_CENTIS;
    const created = await createProductAs(t, owner, company.id, { preco_centis });
    expect(created.preco_centis).toBe(preco_centis);
    expect((await getAs(other, `/api/products/${created.id}`)).json().preco_centis).toBe(preco_centis);
  });

  it('names each missing field with its key, the first as the code', async () => {
    const res = await postProduct(owner, company.id, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'service_name_required',
      fields: {
        nome: 'service_name_required',
        descricao: 'description_required',
        categoria: 'category_required',
        preco_centis: 'price_must_be_positive',
      },
    });
  });

  it.each([
    ['a company category', { categoria: 'bakery' }, 'categoria', 'category_invalid'],
    ['a price of 0', { preco_centis: 0 }, 'preco_centis', 'price_must_be_positive'],
    ['a negative price', { preco_centis: -100 }, 'preco_centis', 'price_must_be_positive'],
    ['a fraction of a centi', { preco_centis: 12.5 }, 'preco_centis', 'price_must_be_positive'],
    ['a price sent as text', { preco_centis: '1250' }, 'preco_centis', 'price_must_be_positive'],
    ['a price beyond exact integers', { preco_centis: 2 ** 60 }, 'preco_centis', 'price_must_be_positive'],
    ['a negative stock', { estoque: -1 }, 'estoque', 'stock_invalid'],
    ['a fractional stock', { estoque: 2.5 }, 'estoque', 'stock_invalid'],
    ['a stock beyond 2³¹ − 1', { estoque: 2 ** 31 }, 'estoque', 'stock_invalid'],
    ['a stock sent as text', { estoque: '3' }, 'estoque', 'stock_invalid'],
  ])('rejects %s with %s: %s', async (_case, overrides, field, code) => {
    const res = await postProduct(owner, company.id, newProductBody(overrides));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code, fields: { [field]: code } });
  });

  it('refuses a service on somebody else’s company with 403 forbidden, adding nothing', async () => {
    const before = await countProducts(company.id);
    const res = await postProduct(other, company.id, newProductBody());
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    expect(await countProducts(company.id)).toBe(before);
  });

  it('answers 404 company_not_found for a service on an unknown or malformed company', async () => {
    for (const id of [randomUUID(), 'abc']) {
      const res = await postProduct(owner, id, newProductBody());
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('company_not_found');
    }
  });

  it('refuses a service on a suspended company: 403 to its owner, 404 to anybody else', async () => {
    const seller = await createConfirmedUser(t);
    const suspended = await createCompanyAs(t, seller);
    await t.database.db
      .updateTable('empresas')
      .set({ status: 'SUSPENSA' })
      .where('id', '=', suspended.id)
      .execute();
    const byOwner = await postProduct(seller, suspended.id, newProductBody());
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json().error.code).toBe('forbidden');
    const byOther = await postProduct(other, suspended.id, newProductBody());
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json().error.code).toBe('company_not_found');
    expect(await countProducts(suspended.id)).toBe(0);
  });

  it('ignores status, empresa_id and id sent in the body', async () => {
    const otherCompany = await createCompanyAs(t, other);
    const forcedId = randomUUID();
    const res = await postProduct(
      owner,
      company.id,
      newProductBody({ status: 'INATIVO', empresa_id: otherCompany.id, id: forcedId }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'ATIVO', empresa_id: company.id });
    expect(res.json().id).not.toBe(forcedId);
    expect(await countProducts(otherCompany.id)).toBe(0);
  });

  it('lists only ATIVO products, newest first', async () => {
    const seller = await createConfirmedUser(t);
    const shop = await createCompanyAs(t, seller);
    const [a, b, c, d] = [
      await createProductAs(t, seller, shop.id),
      await createProductAs(t, seller, shop.id),
      await createProductAs(t, seller, shop.id),
      await createProductAs(t, seller, shop.id),
    ];
    if (!a || !b || !c || !d) throw new Error('products not created');
    await t.database.db.updateTable('produtos').set({ status: 'INATIVO' }).where('id', '=', b.id).execute();
    await t.database.db.updateTable('produtos').set({ status: 'ESGOTADO' }).where('id', '=', c.id).execute();
    const res = await getAs(other, `/api/companies/${shop.id}/products`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [expect.objectContaining({ id: d.id }), expect.objectContaining({ id: a.id })],
      next_cursor: null,
    });
    expect((await getAs(other, `/api/companies/${shop.id}`)).json().product_count).toBe(2);
  });

  it('pages through a company’s products with a cursor', async () => {
    const seller = await createConfirmedUser(t);
    const shop = await createCompanyAs(t, seller);
    const created = [];
    for (let i = 0; i < 3; i += 1) created.push((await createProductAs(t, seller, shop.id)).id);
    const first = (await getAs(other, `/api/companies/${shop.id}/products?limit=2`)).json();
    expect(first.items.map((p: { id: string }) => p.id)).toEqual([created[2], created[1]]);
    const second = (
      await getAs(other, `/api/companies/${shop.id}/products?limit=2&cursor=${first.next_cursor}`)
    ).json();
    expect(second).toEqual({ items: [expect.objectContaining({ id: created[0] })], next_cursor: null });
  });

  it('answers 404 company_not_found for the products of an unknown, malformed or inactive company', async () => {
    const seller = await createConfirmedUser(t);
    const closed = await createCompanyAs(t, seller);
    await t.database.db
      .updateTable('empresas')
      .set({ status: 'INATIVA' })
      .where('id', '=', closed.id)
      .execute();
    for (const id of [randomUUID(), 'abc', closed.id]) {
      const res = await getAs(seller, `/api/companies/${id}/products`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('company_not_found');
    }
  });

  it('shows one product with its company, telling the owner it is theirs', async () => {
    const product = await createProductAs(t, owner, company.id, { estoque: 7 });
    const seen = await getAs(other, `/api/products/${product.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      id: product.id,
      empresa_id: company.id,
      estoque: 7,
      status: 'ATIVO',
      empresa: { id: company.id, nome: company.nome, is_owner: false },
    });
    expect((await getAs(owner, `/api/products/${product.id}`)).json().empresa.is_owner).toBe(true);
  });

  it('answers 404 product_not_found for a product that is unknown, malformed, not ATIVO or of an inactive company', async () => {
    const seller = await createConfirmedUser(t);
    const shop = await createCompanyAs(t, seller);
    const soldOut = await createProductAs(t, seller, shop.id);
    const hidden = await createProductAs(t, seller, shop.id);
    const ofSuspended = await createProductAs(t, seller, shop.id);
    await t.database.db
      .updateTable('produtos')
      .set({ status: 'ESGOTADO' })
      .where('id', '=', soldOut.id)
      .execute();
    await t.database.db
      .updateTable('produtos')
      .set({ status: 'INATIVO' })
      .where('id', '=', hidden.id)
      .execute();
    const probe = async (id: string) => {
      const res = await getAs(other, `/api/products/${id}`);
      return [res.statusCode, res.json().error?.code];
    };
    expect(await probe(ofSuspended.id)).toEqual([200, undefined]);
    await t.database.db
      .updateTable('empresas')
      .set({ status: 'SUSPENSA' })
      .where('id', '=', shop.id)
      .execute();
    for (const id of [randomUUID(), 'abc', soldOut.id, hidden.id, ofSuspended.id]) {
      expect(await probe(id)).toEqual([404, 'product_not_found']);
    }
  });
});
