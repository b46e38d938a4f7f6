import { bearer, type SignedInUser } from './accounts.ts';
import type { TestApp } from './test-app.ts';

let sequence = 0;

export function newCompanyBody(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    nome: `Boulanjri Lakay ${sequence}`,
    descricao: 'Pen cho chak maten',
    categoria: 'bakery',
    ...overrides,
  };
}

export function newProductBody(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    nome: `Pen ${sequence}`,
    descricao: 'Pen fre',
    categoria: 'food',
    preco_centis: 250,
    ...overrides,
  };
}

export type CreatedCompany = { id: string; nome: string };
export type CreatedProduct = { id: string; nome: string; preco_centis: number };

/** The user's company, created through the API. */
export async function createCompanyAs(
  t: TestApp,
  owner: SignedInUser,
  overrides: Record<string, unknown> = {},
): Promise<CreatedCompany> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/companies',
    headers: bearer(owner),
    payload: newCompanyBody(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`company creation failed: ${res.body}`);
  return res.json();
}

/** A product of the owner's company, created through the API. */
export async function createProductAs(
  t: TestApp,
  owner: SignedInUser,
  companyId: string,
  overrides: Record<string, unknown> = {},
): Promise<CreatedProduct> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/companies/${companyId}/products`,
    headers: bearer(owner),
    payload: newProductBody(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`product creation failed: ${res.body}`);
  return res.json();
}
