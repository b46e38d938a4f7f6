import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createConfirmedUser, type SignedInUser } from '../../test-support/accounts.ts';
import { createCompanyAs, createProductAs, newCompanyBody } from '../../test-support/marketplace.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

describe(`companies, on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let viewer: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp();
    viewer = await createConfirmedUser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const postCompany = (user: SignedInUser, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/companies', headers: bearer(user), payload });
  const getAs = (user: SignedInUser, url: string) => t.app.inject({ url, headers: bearer(user) });
  const setStatus = (id: string, status: 'ATIVA' | 'INATIVA' | 'SUSPENSA') =>
    t.database.db.updateTable('empresas').set({ status }).where('id', '=', id).execute();

  it('answers 401 unauthorized on every marketplace route without a token', async () => {
    const id = randomUUID();
    const routes = [
      ['GET', '/api/companies'],
      ['POST', '/api/companies'],
      ['GET', '/api/companies/mine'],
      ['GET', `/api/companies/${id}`],
      ['GET', `/api/companies/${id}/products`],
      ['POST', `/api/companies/${id}/products`],
      ['GET', `/api/products/${id}`],
      ['GET', `/api/companies/${id}/sales`],
    ] as const;
    for (const [method, url] of routes) {
      const res = await t.app.inject({
        method,
        url,
        payload: method === 'POST' ? newCompanyBody() : undefined,
      });
      expect({ method, url, status: res.statusCode, code: res.json().error.code }).toEqual({
        method,
        url,
        status: 401,
        code: 'unauthorized',
      });
    }
  });

  it('creates an ATIVA company owned by the caller, with its contact normalised', async () => {
    const owner = await createConfirmedUser(t);
    const res = await postCompany(owner, {
      nome: '  Boulanjri Lakay ',
      descricao: 'Pen cho chak maten',
      categoria: 'bakery',
      telefone: '3712 3456',
      email: 'Boulanjri@Lakay.HT',
    });
    expect(res.statusCode).toBe(201);
    const company = res.json();
    expect(company).toEqual({
      id: expect.any(String),
      nome: 'Boulanjri Lakay',
      descricao: 'Pen cho chak maten',
      categoria: 'bakery',
      telefone: '+50937123456',
      email: 'boulanjri@lakay.ht',
      status: 'ATIVA',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      is_owner: true,
      product_count: 0,
    });
    expect((await getAs(owner, '/api/companies/mine')).json()).toEqual(company);
    expect((await getAs(viewer, `/api/companies/${company.id}`)).json()).toEqual({
      ...company,
      is_owner: false,
    });
  });

  it('takes blank or missing phone and e-mail as none', async () => {
    const owner = await createConfirmedUser(t);
    const res = await postCompany(owner, newCompanyBody({ telefone: '', email: '' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ telefone: null, email: null });
  });

  it('names each missing field with its key, the first as the code', async () => {
    const res = await postCompany(viewer, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'company_name_required',
      fields: {
        nome: 'company_name_required',
        descricao: 'description_required',
        categoria: 'category_required',
      },
    });
    const blank = await postCompany(viewer, { nome: '  ', descricao: ' ', categoria: '' });
    expect(blank.json().error.fields).toEqual({
      nome: 'company_name_required',
      descricao: 'description_required',
      categoria: 'category_required',
    });
  });

  it.each([
    ['an unknown category', { categoria: 'casino' }, 'categoria', 'category_invalid'],
    ['a product category', { categoria: 'food' }, 'categoria', 'category_invalid'],
    ['a phone of two digits', { telefone: '12' }, 'telefone', 'phone_invalid'],
    ['a malformed e-mail', { email: 'not-an-email' }, 'email', 'email_invalid'],
    ['a name of 121 characters', { nome: 'x'.repeat(121) }, 'nome', 'value_too_long'],
  ])('rejects %s with %s: %s', async (_case, overrides, field, code) => {
    const res = await postCompany(viewer, newCompanyBody(overrides));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code, fields: { [field]: code } });
  });

  it('refuses a second company with 409 company_already_exists', async () => {
    const owner = await createConfirmedUser(t);
    await createCompanyAs(t, owner);
    const second = await postCompany(owner, newCompanyBody());
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('company_already_exists');
  });

  it('gives one company, not two, to two concurrent creates by one user', async () => {
    const owner = await createConfirmedUser(t);
    const results = await Promise.all([
      postCompany(owner, newCompanyBody()),
      postCompany(owner, newCompanyBody()),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().error.code).toBe('company_already_exists');
    const rows = await t.database.db
      .selectFrom('empresas')
      .select('id')
      .where('responsavel_id', '=', owner.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('ignores responsavel_id, status and id sent in the body', async () => {
    const owner = await createConfirmedUser(t);
    const victim = await createConfirmedUser(t);
    const forcedId = randomUUID();
    const res = await postCompany(
      owner,
      newCompanyBody({ responsavel_id: victim.id, status: 'SUSPENSA', id: forcedId, product_count: 9 }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'ATIVA', is_owner: true, product_count: 0 });
    expect(res.json().id).not.toBe(forcedId);
    const row = await t.database.db
      .selectFrom('empresas')
      .select(['responsavel_id', 'status'])
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ responsavel_id: owner.id, status: 'ATIVA' });
    expect((await getAs(victim, '/api/companies/mine')).statusCode).toBe(404);
    // The victim can still open their own company: nothing was taken in their name.
    expect((await postCompany(victim, newCompanyBody())).statusCode).toBe(201);
  });

  it('answers 404 company_not_found for /mine when the caller has no company', async () => {
    const res = await getAs(viewer, '/api/companies/mine');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('company_not_found');
  });

  it('answers 404 company_not_found for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'abc', '1%20or%201=1']) {
      const res = await getAs(viewer, `/api/companies/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('company_not_found');
    }
  });

  it('lists active companies newest first, each with is_owner and its count of active products', async () => {
    const first = await createConfirmedUser(t);
    const second = await createConfirmedUser(t);
    const older = await createCompanyAs(t, first);
    const newer = await createCompanyAs(t, second);
    await createProductAs(t, first, older.id);
    await createProductAs(t, first, older.id);
    const res = await getAs(first, '/api/companies');
    expect(res.statusCode).toBe(200);
    const { items, next_cursor } = res.json();
    expect(next_cursor).toBeNull();
    const ours = items.filter((c: { id: string }) => c.id === older.id || c.id === newer.id);
    expect(
      ours.map((c: { id: string; is_owner: boolean; product_count: number }) => [
        c.id,
        c.is_owner,
        c.product_count,
      ]),
    ).toEqual([
      [newer.id, false, 0],
      [older.id, true, 2],
    ]);
    expect(items[0].id).toBe(newer.id);
    const times = items.map((c: { created_at: string }) => c.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('hides INATIVA and SUSPENSA companies from the list and by id, but not from their owner’s /mine', async () => {
    const owner = await createConfirmedUser(t);
    const company = await createCompanyAs(t, owner);
    for (const status of ['INATIVA', 'SUSPENSA'] as const) {
      await setStatus(company.id, status);
      const list = (await getAs(viewer, '/api/companies?limit=100')).json().items;
      expect(list.map((c: { id: string }) => c.id)).not.toContain(company.id);
      for (const user of [viewer, owner]) {
        const byId = await getAs(user, `/api/companies/${company.id}`);
        expect(byId.statusCode).toBe(404);
        expect(byId.json().error.code).toBe('company_not_found');
      }
      expect((await getAs(owner, '/api/companies/mine')).json()).toMatchObject({ id: company.id, status });
    }
    await setStatus(company.id, 'ATIVA');
    expect((await getAs(viewer, `/api/companies/${company.id}`)).statusCode).toBe(200);
  });

  it('pages through the companies with a cursor, without gaps or repeats', async () => {
    for (let i = 0; i < 3; i += 1) await createCompanyAs(t, await createConfirmedUser(t));
    const all = (await getAs(viewer, '/api/companies?limit=100'))
      .json()
      .items.map((c: { id: string }) => c.id);
    expect(all.length).toBeGreaterThanOrEqual(3);
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = (await getAs(viewer, `/api/companies?limit=2${query}`)).json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      walked.push(...page.items.map((c: { id: string }) => c.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(walked).toEqual(all);
  });

  it('rejects a page size outside 1..100 with validation_error', async () => {
    for (const limit of ['0', '101', 'x']) {
      const res = await getAs(viewer, `/api/companies?limit=${limit}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('validation_error');
    }
  });
});
