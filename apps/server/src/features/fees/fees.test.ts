import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser } from '../../test-support/ledger-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// The published fees as a person reads them: the tables of the "Frè" screen and the fee for an
// amount on the cash-out confirmation, from the default tables of migration 0014.

let t: TestApp;
let user: SeededUser;

beforeAll(async () => {
  t = await createTestApp({ AGENTS_ENABLED: 'true' });
  user = await seedUser(t);
});
afterAll(async () => t.close());

const get = (url: string, token: string | null = user.accessToken) =>
  t.app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });

const quote = (operacao: string, quantidade: string | number) =>
  get(`/api/fees/quote?operacao=${operacao}&quantidade_centis=${quantidade}`);

describe('GET /api/fees', () => {
  it('lists every operation’s table: cash-out in bands of fixed fees, cash-in and transfers free', async () => {
    const res = await get('/api/fees');
    expect(res.statusCode, res.body).toBe(200);
    const tabelas = res.json().tabelas as { operacao: string; faixas: Record<string, number>[] }[];
    expect(tabelas.map((tabela) => tabela.operacao)).toEqual(['saque', 'deposito', 'transferencia']);
    const [saque, deposito, transferencia] = tabelas;
    expect(deposito?.faixas).toEqual([]);
    expect(transferencia?.faixas).toEqual([]);
    expect(saque?.faixas[0]).toEqual({
      de_centis: 1,
      ate_centis: 25_000,
      fixa_centis: 500,
      percentual_bp: 0,
      comissao_bp: 5_000,
    });
    expect(saque?.faixas.at(-1)?.ate_centis).toBe(7_500_000);
  });

  it('is for signed-in people only', async () => {
    expect((await get('/api/fees', null)).statusCode).toBe(401);
    expect((await quote('saque', 100)).statusCode).toBe(200);
    expect((await get('/api/fees/quote?operacao=saque&quantidade_centis=100', null)).statusCode).toBe(401);
  });
});

describe('GET /api/fees/quote', () => {
  it('adds the fee on top of a cash-out: the wallet holds amount + fee, the cash handed over is the amount', async () => {
    const res = await quote('saque', 25_000);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      operacao: 'saque',
      quantidade_centis: 25_000,
      tarifa_centis: 500,
      comissao_centis: 250,
      operador_centis: 250,
      total_centis: 25_500,
      recebe_centis: 25_000,
    });
    // The next centi is the next band's.
    expect((await quote('saque', 25_001)).json()).toMatchObject({
      tarifa_centis: 1_500,
      total_centis: 26_501,
    });
    expect((await quote('saque', 7_500_000)).json()).toMatchObject({ tarifa_centis: 50_000 });
  });

  it('quotes free cash-ins and transfers', async () => {
    for (const operacao of ['deposito', 'transferencia']) {
      expect((await quote(operacao, 123_456)).json()).toEqual({
        operacao,
        quantidade_centis: 123_456,
        tarifa_centis: 0,
        comissao_centis: 0,
        operador_centis: 0,
        total_centis: 123_456,
        recebe_centis: 123_456,
      });
    }
  });

  it('refuses amounts with the domain’s codes, and a cash-out above the last band', async () => {
    const cases: [string, number, string][] = [
      ['0', 422, 'invalid_amount'],
      ['-5', 422, 'invalid_amount'],
      ['12.5', 422, 'invalid_amount'],
      ['abc', 422, 'invalid_amount'],
      ['', 422, 'invalid_amount'],
      ['1000000000000001', 422, 'amount_too_large'],
      ['99999999999999999999', 422, 'invalid_amount'],
      ['7500001', 422, 'amount_above_fee_bands'],
    ];
    for (const [amount, status, code] of cases) {
      const res = await quote('saque', amount);
      expect([amount, res.statusCode, res.json().error?.code]).toEqual([amount, status, code]);
    }
    expect((await quote('saque', 7_500_001)).json().error.details).toEqual({ limite_centis: 7_500_000 });
    expect((await get('/api/fees/quote?operacao=saque')).json().error.code).toBe('invalid_amount');
    expect((await quote('emprestimo', 100)).statusCode).toBe(422);
  });
});

describe('with AGENTS_ENABLED off', () => {
  it('has no fee routes', async () => {
    const off = await createTestApp();
    try {
      const headers = { authorization: `Bearer ${user.accessToken}` };
      expect((await off.app.inject({ url: '/api/fees', headers })).statusCode).toBe(404);
      expect(
        (await off.app.inject({ url: '/api/fees/quote?operacao=saque&quantidade_centis=1', headers }))
          .statusCode,
      ).toBe(404);
      expect((await off.app.inject({ url: '/api/fees/rate', headers })).statusCode).toBe(404);
      const document = off.app.swagger() as { paths: Record<string, unknown> };
      expect(Object.keys(document.paths).filter((path) => path.includes('fees'))).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
