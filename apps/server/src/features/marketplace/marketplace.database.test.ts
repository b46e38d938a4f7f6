import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendasTable } from '../../db/schema.ts';
import { openTestDatabase, type TestDatabase, testDatabaseKind } from '../../test-support/test-database.ts';

// The rules the database holds by itself, whatever the code above it does.
describe(`marketplace tables, on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let seller: string;
  let buyer: string;
  let otherSeller: string;
  let company: string;
  let otherCompany: string;
  let product: string;
  let otherProduct: string;

  let sequence = 0;
  async function insertUser(): Promise<string> {
    sequence += 1;
    const n = String(sequence).padStart(4, '0');
    const row = await database.db
      .insertInto('usuarios')
      .values({
        nome_completo: `Jean ${n}`,
        documento: `100000${n}`,
        document_photo_key: `documents/${randomUUID()}.jpg`,
        profile_photo_key: null,
        email: `jean${n}@example.ht`,
        telefone: `+5093700${n}`,
        data_nascimento: '1990-01-01',
        sexo: 'M',
        email_confirmado_em: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const insertCompany = async (ownerId: string) =>
    (
      await database.db
        .insertInto('empresas')
        .values({
          responsavel_id: ownerId,
          nome: 'Lakay',
          descricao: 'Pen',
          categoria: 'bakery',
          telefone: null,
          email: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const insertProduct = async (companyId: string, overrides: Record<string, unknown> = {}) =>
    (
      await database.db
        .insertInto('produtos')
        .values({
          empresa_id: companyId,
          nome: 'Pen',
          descricao: 'Pen fre',
          categoria: 'food',
          preco_centis: 300,
          estoque: null,
          ...overrides,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const sale = (overrides: Partial<Insertable<VendasTable>> = {}): Insertable<VendasTable> => ({
    empresa_id: company,
    comprador_id: buyer,
    vendedor_id: seller,
    produto_id: product,
    quantidade: 2,
    preco_unitario_centis: 300,
    total_centis: 600,
    ...overrides,
  });
  const insertSale = (values: Insertable<VendasTable>) =>
    database.db.insertInto('vendas').values(values).returningAll().executeTakeFirstOrThrow();

  beforeAll(async () => {
    database = await openTestDatabase();
    [seller, buyer, otherSeller] = [await insertUser(), await insertUser(), await insertUser()];
    company = await insertCompany(seller);
    otherCompany = await insertCompany(otherSeller);
    product = await insertProduct(company);
    otherProduct = await insertProduct(otherCompany);
  });
  afterAll(async () => {
    await database.close();
  });

  it('keeps one company per owner under empresas_responsavel_key', async () => {
    await expect(insertCompany(seller)).rejects.toMatchObject({
      code: '23505',
      constraint: 'empresas_responsavel_key',
    });
  });

  it('starts a company ATIVA and a product ATIVO, and refuses any other status word', async () => {
    const row = await database.db
      .selectFrom('empresas')
      .select('status')
      .where('id', '=', company)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('ATIVA');
    const productRow = await database.db
      .selectFrom('produtos')
      .select('status')
      .where('id', '=', product)
      .executeTakeFirstOrThrow();
    expect(productRow.status).toBe('ATIVO');
    await expect(
      database.db
        .updateTable('empresas')
        .set({ status: 'FECHADA' as 'ATIVA' })
        .where('id', '=', company)
        .execute(),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(insertProduct(company, { status: 'ATIVA' })).rejects.toMatchObject({ code: '23514' });
  });

  it.each([
    [{ preco_centis: 0 }],
    [{ preco_centis: -1 }],
    [{ estoque: -1 }],
    [{ nome: '  ' }],
    [{ categoria: 'Manje' }],
  ])('refuses the product %o', async (overrides) => {
    await expect(insertProduct(company, overrides)).rejects.toMatchObject({ code: '23514' });
  });

  it('accepts a sale that holds together, starting PENDENTE', async () => {
    const row = await insertSale(sale());
    expect(row).toMatchObject({ status: 'PENDENTE', total_centis: 600, movimentacao_id: null });
  });

  it('refuses a sale to the company’s own owner', async () => {
    await expect(insertSale(sale({ comprador_id: seller }))).rejects.toMatchObject({
      code: '23514',
      constraint: 'vendas_partes',
    });
  });

  it('refuses a sale whose total is not the unit price times the quantity', async () => {
    await expect(insertSale(sale({ total_centis: 599 }))).rejects.toMatchObject({
      code: '23514',
      constraint: 'vendas_total',
    });
  });

  it('refuses a sale whose seller is not the company’s owner', async () => {
    await expect(insertSale(sale({ vendedor_id: otherSeller }))).rejects.toMatchObject({
      code: '23503',
      constraint: 'vendas_vendedor_responsavel',
    });
  });

  it('refuses a sale of another company’s product', async () => {
    await expect(insertSale(sale({ produto_id: otherProduct }))).rejects.toMatchObject({
      code: '23503',
      constraint: 'vendas_produto_da_empresa',
    });
  });

  it('refuses a quantity below 1 and an unknown status', async () => {
    await expect(insertSale(sale({ quantidade: 0, total_centis: 0 }))).rejects.toMatchObject({
      code: '23514',
    });
    await expect(insertSale(sale({ status: 'PAGA' as 'PENDENTE' }))).rejects.toMatchObject({ code: '23514' });
  });
});
