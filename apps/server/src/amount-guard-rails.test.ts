import { randomUUID } from 'node:crypto';
import { AMOUNT_CEILING_CENTIS } from '@kreyolcash/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from './test-support/ledger-assertions.ts';
import { checkLedger, type SeededUser, seedUser } from './test-support/ledger-fixtures.ts';
import { createCompanyAs, createProductAs, newProductBody } from './test-support/marketplace.ts';
import { operatorSession } from './test-support/operators.ts';
import { decideReport, paidTransfer, reportTransfer } from './test-support/report-fixtures.ts';
import { createTestApp, type TestApp } from './test-support/test-app.ts';
import { testDatabaseKind } from './test-support/test-database.ts';

// Every route that takes an amount, given the amounts that once broke or could break it: 2^53 − 1
// (a safe integer, but far past the ceiling of every figure of money), 1e21 (not a safe
// integer), a negative, zero, a fraction and a number written as text. Each is refused with 422
// and a named code, and nothing changes: no row written, no balance moved.

const HUGE = Number.MAX_SAFE_INTEGER;

let t: TestApp;
let payer: SeededUser;
let payee: SeededUser;
let productId: string;
let companyId: string;
let finance: { cookie: string };
let support: { cookie: string };
let reportId: string;

beforeAll(async () => {
  t = await createTestApp();
  [payer, payee] = [await seedUser(t), await seedUser(t)];
  const owner = { ...payee, refreshCookie: '' };
  companyId = (await createCompanyAs(t, owner)).id;
  productId = (await createProductAs(t, owner, companyId)).id;
  finance = await operatorSession(t, 'finance');
  support = await operatorSession(t, 'support');
  const disputed = await paidTransfer(t, payer, payee, 500);
  reportId = (await reportTransfer(t, payer, disputed)).json().reclamacao.id;
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await t.close();
});

/** What any money route could change: its rows and the ledger's figures, read at once. */
async function everything() {
  const { rows } = await sql<{
    movements: number;
    entries: number;
    holds: number;
    daily_totals: number;
    adjustments: number;
    products: number;
    sales: number;
    idempotency_keys: number;
    balances: number;
  }>`
    select (select count(*) from kreyolcash_movimentacoes)::int as movements,
           (select count(*) from kreyolcash_lancamentos)::int as entries,
           (select count(*) from kreyolcash_retencoes)::int as holds,
           (select count(*) from kreyolcash_envios_diarios)::int as daily_totals,
           (select count(*) from ajustes_propostos)::int as adjustments,
           (select count(*) from produtos)::int as products,
           (select count(*) from vendas)::int as sales,
           (select count(*) from idempotency_keys)::int as idempotency_keys,
           (select coalesce(sum(saldo_centis), 0) from kreyolcash_contas where tipo = 'usuario')::bigint as balances`.execute(
    t.database.db,
  );
  const row = rows[0];
  if (!row) throw new Error('no counts');
  return { ...row, ledger: await checkLedger(t.database.db) };
}

type Route = { name: string; send: (amount: unknown) => Promise<{ statusCode: number; json(): unknown }> };

const ROUTES: Route[] = [
  {
    name: 'POST /api/transfers quantidade_centis',
    send: (amount) =>
      t.app.inject({
        method: 'POST',
        url: '/api/transfers',
        headers: { authorization: `Bearer ${payer.accessToken}`, 'idempotency-key': randomUUID() },
        payload: { destinatario_email: payee.email, quantidade_centis: amount },
      }),
  },
  {
    name: 'POST /api/companies/:id/products preco_centis',
    send: (amount) =>
      t.app.inject({
        method: 'POST',
        url: `/api/companies/${companyId}/products`,
        headers: { authorization: `Bearer ${payee.accessToken}` },
        payload: newProductBody({ preco_centis: amount }),
      }),
  },
  {
    name: 'POST /api/purchases quantidade',
    send: (amount) =>
      t.app.inject({
        method: 'POST',
        url: '/api/purchases',
        headers: { authorization: `Bearer ${payer.accessToken}`, 'idempotency-key': randomUUID() },
        payload: { produto_id: productId, quantidade: amount },
      }),
  },
  {
    name: 'POST /api/admin/adjustments quantidade_centis',
    send: (amount) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/adjustments',
        headers: { cookie: finance.cookie },
        payload: {
          user_id: payer.id,
          quantidade_centis: amount,
          motivo: 'Erè nan kès la',
          referencia: 'T-1',
        },
      }),
  },
  {
    name: 'POST /api/admin/reports/:id/refund quantidade_centis',
    send: (amount) => decideReport(t, support.cookie, reportId, 'refund', 'Li peye de fwa', amount),
  },
];

// The code each route answers for each amount; an amount a route takes (a debit of -1 is a real
// adjustment) is not in its row.
const EXPECTED: Record<string, [amount: unknown, code: string][]> = {
  'POST /api/transfers quantidade_centis': [
    [HUGE, 'amount_too_large'],
    [AMOUNT_CEILING_CENTIS + 1, 'amount_too_large'],
    [1e21, 'invalid_amount'],
    [-1, 'invalid_amount'],
    [0, 'invalid_amount'],
    [1.5, 'invalid_amount'],
    ['100', 'invalid_amount'],
  ],
  'POST /api/companies/:id/products preco_centis': [
    [HUGE, 'amount_too_large'],
    [AMOUNT_CEILING_CENTIS + 1, 'amount_too_large'],
    [1e21, 'price_must_be_positive'],
    [-1, 'price_must_be_positive'],
    [0, 'price_must_be_positive'],
    [1.5, 'price_must_be_positive'],
    ['100', 'price_must_be_positive'],
  ],
  'POST /api/purchases quantidade': [
    [HUGE, 'invalid_quantity'],
    [1e21, 'invalid_quantity'],
    [-1, 'invalid_quantity'],
    [0, 'invalid_quantity'],
    [1.5, 'invalid_quantity'],
    ['100', 'invalid_quantity'],
  ],
  'POST /api/admin/adjustments quantidade_centis': [
    [HUGE, 'amount_too_large'],
    [-HUGE, 'amount_too_large'],
    [AMOUNT_CEILING_CENTIS + 1, 'amount_too_large'],
    // Within the ceiling, above the configured ADJUSTMENT_MAX_CENTIS (₭1 000 000 by default).
    [100_000_001, 'adjustment_too_large'],
    [-100_000_001, 'adjustment_too_large'],
    [1e21, 'validation_error'],
    [0, 'invalid_amount'],
    [1.5, 'validation_error'],
    ['100', 'validation_error'],
  ],
  'POST /api/admin/reports/:id/refund quantidade_centis': [
    [HUGE, 'amount_too_large'],
    [AMOUNT_CEILING_CENTIS + 1, 'amount_too_large'],
    [1e21, 'invalid_amount'],
    [-1, 'invalid_amount'],
    [0, 'invalid_amount'],
    [1.5, 'invalid_amount'],
    ['100', 'invalid_amount'],
    // More than the disputed payment (₭5): the ledger's refusal.
    [501, 'invalid_amount'],
  ],
};

const CASES = ROUTES.flatMap((route) =>
  (EXPECTED[route.name] ?? []).map(
    ([amount, code]) => [route.name, JSON.stringify(amount), code, route, amount] as const,
  ),
);

describe(`the amounts every money route refuses on ${testDatabaseKind}`, () => {
  it('has a row for every route', () => {
    expect(ROUTES.map((r) => r.name).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(CASES)(
    '%s refuses %s with 422 %s and changes nothing',
    async (_name, _shown, code, route, amount) => {
      const before = await everything();
      const res = await route.send(amount);
      const body = res.json() as { error?: { code?: string } };
      expect([res.statusCode, body.error?.code]).toEqual([422, code]);
      expect(await everything()).toEqual(before);
    },
  );

  it('refuses a purchase whose total (price × quantity) passes the ceiling, and moves nothing', async () => {
    const owner = { ...payee, refreshCookie: '' };
    const dear = await createProductAs(t, owner, companyId, { preco_centis: AMOUNT_CEILING_CENTIS });
    const before = await everything();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/purchases',
      headers: { authorization: `Bearer ${payer.accessToken}`, 'idempotency-key': randomUUID() },
      payload: { produto_id: dear.id, quantidade: 2 },
    });
    expect([res.statusCode, res.json().error.code]).toEqual([422, 'amount_too_large']);
    // The ledger keeps the refusal under its Idempotency-Key, as it keeps every refusal of its own.
    expect(await everything()).toEqual({ ...before, idempotency_keys: before.idempotency_keys + 1 });
  });
});
