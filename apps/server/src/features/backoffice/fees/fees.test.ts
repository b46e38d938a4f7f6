import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../../../test-support/ledger-fixtures.ts';
import { operatorSession } from '../../../test-support/operators.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';

// Finance and admin publish the fee tables: a whole table per operation, refused with a named code
// when it is not a clean run of bands, and each replacement in the audit trail with its before
// and after. People's quotes follow the new table at once.

let t: TestApp;
type Session = Awaited<ReturnType<typeof operatorSession>>;
let finance: Session;
let support: Session;
let userToken: string;

beforeAll(async () => {
  t = await createTestApp({ AGENTS_ENABLED: 'true' });
  finance = await operatorSession(t, 'finance');
  support = await operatorSession(t, 'support');
  userToken = (await seedUser(t)).accessToken;
});
afterAll(async () => t.close());

type Band = {
  de_centis: number;
  ate_centis: number;
  fixa_centis: number;
  percentual_bp: number;
  comissao_bp: number;
};
const band = (de: number, ate: number, fixa: number, percentual = 0, comissao = 0): Band => ({
  de_centis: de,
  ate_centis: ate,
  fixa_centis: fixa,
  percentual_bp: percentual,
  comissao_bp: comissao,
});

const put = (operacao: string, faixas: unknown, as: Session = finance) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/fees/${operacao}`,
    headers: { cookie: as.cookie },
    payload: { faixas },
  });

const tables = async () =>
  (await t.app.inject({ url: '/api/admin/fees', headers: { cookie: finance.cookie } })).json().tabelas as {
    operacao: string;
    faixas: Band[];
  }[];

const auditRows = () =>
  t.database.db
    .selectFrom('auditoria')
    .select(['acao', 'alvo_tipo', 'alvo_id', 'operador_id', 'papel', 'antes', 'depois'])
    .where('acao', '=', 'fees.update')
    .orderBy('id')
    .execute();

describe('the back office’s fee tables', () => {
  it('lists the published tables to finance, and not to support', async () => {
    expect((await tables()).map((table) => table.operacao)).toEqual(['saque', 'deposito', 'transferencia']);
    const asSupport = await t.app.inject({ url: '/api/admin/fees', headers: { cookie: support.cookie } });
    expect(asSupport.statusCode).toBe(403);
    expect((await put('transferencia', [], support)).statusCode).toBe(403);
  });

  it('replaces one operation’s table whole, with an audit row of before and after, and quotes follow it', async () => {
    // The cash-out: the one operation with an agent's share of its fee.
    const before = (await tables()).find((table) => table.operacao === 'saque');
    expect(before?.faixas.length).toBeGreaterThan(0);
    // 1 %, of which the agent gets 30 %, above a free first ₭100.
    const faixas = [band(1, 10_000, 0), band(10_001, 1_000_000_000, 0, 100, 3_000)];
    const res = await put('saque', faixas);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tabela).toMatchObject({ operacao: 'saque', faixas });
    expect((await tables()).find((table) => table.operacao === 'saque')?.faixas).toEqual(faixas);

    const rows = await auditRows();
    expect(rows).toEqual([
      {
        acao: 'fees.update',
        alvo_tipo: 'tarifa',
        alvo_id: 'saque',
        operador_id: finance.operator.id,
        papel: 'finance',
        antes: before?.faixas,
        depois: faixas,
      },
    ]);

    // 1 % of ₭100,50 is 100,5 centis: 101, rounded half up; the agent's 30 % of it is 30,3 → 30.
    const quote = await t.app.inject({
      url: '/api/fees/quote?operacao=saque&quantidade_centis=10050',
      headers: { authorization: `Bearer ${userToken}` },
    });
    expect(quote.json()).toMatchObject({
      tarifa_centis: 101,
      comissao_centis: 30,
      operador_centis: 71,
      total_centis: 10_151,
    });

    // A fee that would take amount + fee past the ceiling of every amount is not quoted.
    const ceiling = 1_000_000_000_000_000;
    expect((await put('transferencia', [band(1, ceiling, ceiling)])).statusCode).toBe(200);
    const tooLarge = await t.app.inject({
      url: '/api/fees/quote?operacao=transferencia&quantidade_centis=1',
      headers: { authorization: `Bearer ${userToken}` },
    });
    expect([tooLarge.statusCode, tooLarge.json().error.code]).toEqual([422, 'amount_too_large']);

    // Back to free: an empty table.
    expect((await put('transferencia', [])).json().tabela.faixas).toEqual([]);
    expect((await auditRows()).at(-1)).toMatchObject({ antes: [band(1, ceiling, ceiling)], depois: [] });
  });

  it('refuses a table that is not a clean run of bands, each with its code, and changes nothing', async () => {
    const saque = (await tables()).find((table) => table.operacao === 'saque')?.faixas;
    const audits = (await auditRows()).length;
    const cases: [unknown, string, number | undefined][] = [
      [[band(2, 100, 0)], 'fee_bands_not_from_one', 0],
      [[band(1, 100, 0), band(102, 200, 0)], 'fee_bands_gap', 1],
      [[band(1, 100, 0), band(100, 200, 0)], 'fee_bands_overlap', 1],
      [[band(1, 100, 0), band(101, 50, 0)], 'fee_band_invalid', 1],
      [[band(1, 1_000_000_000_000_001, 0)], 'fee_band_above_ceiling', 0],
      [[band(1, 100, -1)], 'fee_fixed_invalid', 0],
      [[band(1, 100, 0, 10_001)], 'fee_percentage_invalid', 0],
      [[band(1, 100, 0, 0, 10_001)], 'fee_share_invalid', 0],
      [[band(1, 100, 0, 0, 0.5)], 'fee_share_invalid', 0],
      [Array.from({ length: 31 }, (_, i) => band(i + 1, i + 1, 0)), 'fee_bands_too_many', undefined],
      [[{ ...band(1, 100, 0), comissao_bp: '10' }], 'fee_share_invalid', undefined],
    ];
    for (const [faixas, code, faixa] of cases) {
      const res = await put('saque', faixas);
      expect([code, res.statusCode, res.json().error?.code]).toEqual([code, 422, code]);
      if (faixa !== undefined) expect(res.json().error.details).toEqual({ faixa });
    }
    // What each operation may charge: no cash-in fee in this release, no agent's share on a transfer.
    const cashIn = await put('deposito', [band(1, 100, 5)]);
    expect([cashIn.statusCode, cashIn.json().error.code, cashIn.json().error.details]).toEqual([
      422,
      'fee_not_charged',
      { faixa: 0 },
    ]);
    const shared = await put('transferencia', [band(1, 100, 5), band(101, 200, 5, 0, 1)]);
    expect([shared.statusCode, shared.json().error.code, shared.json().error.details]).toEqual([
      422,
      'fee_share_without_agent',
      { faixa: 1 },
    ]);
    expect((await tables()).find((table) => table.operacao === 'transferencia')?.faixas).toEqual([]);
    const unknown = await put('emprestimo', []);
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'not_found']);
    expect((await tables()).find((table) => table.operacao === 'saque')?.faixas).toEqual(saque);
    expect(await auditRows()).toHaveLength(audits);
  });

  it('queues two replacements of one table: each audit row’s before is what it replaced', async () => {
    const one = [band(1, 5_000, 100)];
    const two = [band(1, 5_000, 200)];
    const results = await Promise.all([put('transferencia', one), put('transferencia', two)]);
    expect(results.map((res) => res.statusCode)).toEqual([200, 200]);
    const rows = (await auditRows()).filter((row) => row.alvo_id === 'transferencia').slice(-2);
    expect(rows).toHaveLength(2);
    const [first, second] = rows;
    expect(first?.antes).toEqual([]);
    expect(second?.antes).toEqual(first?.depois);
    const final = (await tables()).find((table) => table.operacao === 'transferencia')?.faixas;
    expect(final).toEqual(second?.depois);
  });
});
