import { todayIsoDate } from '@kreyolcash/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEE_ACCOUNT_ID } from '../../../ledger/ledger.ts';
import { agentMoney } from '../../../test-support/agent-money.ts';
import { expectLedgerSound } from '../../../test-support/ledger-assertions.ts';
import { seedUser } from '../../../test-support/ledger-fixtures.ts';
import { operatorSession } from '../../../test-support/operators.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { testDatabaseKind } from '../../../test-support/test-database.ts';
import { RECONCILIATION_CSV_HEADERS } from './reconciliation.routes.ts';

// The daily reconciliation through HTTP: an agent's float funded by an approved issuance, cash-ins
// and cash-outs through the agents' routes, a redemption, and then the day's report must be those
// movements, add up, and be read only by whom it is for.

const bearer = (u: { accessToken: string }) => ({ authorization: `Bearer ${u.accessToken}` });
type Session = Awaited<ReturnType<typeof operatorSession>>;

describe(`the agents' daily reconciliation on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let support: Session;
  let finance: Session;
  let approver: Session;
  let admin: Session;
  let compliance: Session;
  beforeAll(async () => {
    t = await createTestApp({ AGENTS_ENABLED: 'true', RATE_LIMIT_MULTIPLIER: '100' });
    support = await operatorSession(t, 'support');
    finance = await operatorSession(t, 'finance');
    approver = await operatorSession(t, 'finance');
    admin = await operatorSession(t, 'admin');
    compliance = await operatorSession(t, 'compliance');
  });
  afterAll(async () => {
    await expectLedgerSound(t.database.db);
    await t.close();
  });

  const adminGet = (url: string, as: Session) =>
    t.app.inject({ method: 'GET', url: `/api/admin${url}`, headers: { cookie: as.cookie } });
  const money = () => agentMoney(t, { support, finance, approver });

  const sumOf = async (tipo: 'usuario' | 'agente') =>
    Number(
      (
        await t.database.db
          .selectFrom('kreyolcash_contas')
          .select((eb) => eb.fn.sum<string>('saldo_centis').as('s'))
          .where('tipo', '=', tipo)
          .executeTakeFirstOrThrow()
      ).s ?? 0,
    );

  it('is the day’s movements: counts, sums, commissions, float, start and end balances that add up', async () => {
    const { makeAgent, floatOperation, cashIn, cashOut } = money();
    const agent = await makeAgent();
    const quiet = await makeAgent();
    await floatOperation(agent, 'issuances', 100_000);
    await cashIn(agent, 20_000);
    await cashIn(agent, 5_000);
    // ₭500 costs ₭15 and ₭100 costs ₭5, half of each the agent's commission.
    await cashOut(agent, 50_000, 1_500);
    await cashOut(agent, 10_000, 500);
    await floatOperation(agent, 'redemptions', 3_000);
    const today = todayIsoDate();
    // Each posting's lines carry one instant: no movement has lines on two days, whose flows the
    // operator's day would then count on both.
    const { rows: split } = await sql<{ movimentacao_id: string }>`select movimentacao_id
        from kreyolcash_lancamentos group by movimentacao_id having count(distinct criado_em) > 1`.execute(
      t.database.db,
    );
    expect(split).toEqual([]);

    const res = await adminGet(`/agents/reconciliation?dia=${today}`, finance);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const row = body.agentes.find((a: { agente_id: string }) => a.agente_id === agent.id);
    expect(row).toMatchObject({
      dia: today,
      agente_numero: agent.numero,
      depositos: 2,
      depositos_centis: 25_000,
      saques: 2,
      saques_centis: 60_000,
      comissoes_centis: 1_000,
      emitido_centis: 100_000,
      resgatado_centis: 3_000,
      outros_centis: 0,
      saldo_inicio_centis: 0,
      saldo_fim_centis: 133_000,
      entradas_centis: 161_000,
      saidas_centis: 28_000,
    });
    expect(row.saldo_inicio_centis + row.entradas_centis - row.saidas_centis).toBe(row.saldo_fim_centis);
    const float = await t.database.db
      .selectFrom('kreyolcash_contas')
      .select('saldo_centis')
      .where('id', '=', agent.float)
      .executeTakeFirstOrThrow();
    expect(Number(float.saldo_centis)).toBe(133_000);
    expect(body.agentes.find((a: { agente_id: string }) => a.agente_id === quiet.id)).toMatchObject({
      depositos: 0,
      saques: 0,
      saldo_inicio_centis: 0,
      saldo_fim_centis: 0,
    });

    const fees = await t.database.db
      .selectFrom('kreyolcash_contas')
      .select('saldo_centis')
      .where('id', '=', FEE_ACCOUNT_ID)
      .executeTakeFirstOrThrow();
    expect(body.operador).toMatchObject({
      emitido_centis: 100_000,
      resgatado_centis: 3_000,
      saldos_em: 'agora',
      // A fresh database: it held nothing at the day's start, and every fee and bonus it holds was
      // earned today.
      saldo_inicio_pessoas_centis: 0,
      saldo_inicio_floats_centis: 0,
      taxas_centis: Number(fees.saldo_centis),
      saldo_pessoas_centis: await sumOf('usuario'),
      saldo_floats_centis: await sumOf('agente'),
    });
    expect(body.operador.taxas_centis).toBeGreaterThanOrEqual(1_000);
    expect(body.operador.bonus_centis).toBeGreaterThanOrEqual(200_000);

    // Yesterday nothing had happened yet; its balances are at its end.
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const before = (await adminGet(`/agents/reconciliation?dia=${yesterday}`, admin)).json();
    expect(before.operador).toMatchObject({
      saldos_em: 'fim_do_dia',
      emitido_centis: 0,
      saldo_inicio_pessoas_centis: 0,
      saldo_inicio_floats_centis: 0,
      saldo_pessoas_centis: 0,
      saldo_floats_centis: 0,
    });
    expect(before.agentes.find((a: { agente_id: string }) => a.agente_id === agent.id)).toMatchObject({
      depositos: 0,
      saldo_inicio_centis: 0,
      saldo_fim_centis: 0,
    });

    // The CSV: translated headers, the figures as they are.
    const csv = await adminGet(`/agents/reconciliation.csv?dia=${today}`, support);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      Object.values(RECONCILIATION_CSV_HEADERS.ht)
        .map((h) => `"${h}"`)
        .join(','),
    );
    expect(lines).toContain(
      [agent.numero, row.nome_comercial, 2, 25_000, 2, 60_000, 1_000, 100_000, 3_000, 0, 0, 133_000]
        .map((c) => `"${c}"`)
        .join(','),
    );
    const fr = await adminGet(`/agents/reconciliation.csv?dia=${today}&lang=fr`, finance);
    expect(fr.body).toContain(RECONCILIATION_CSV_HEADERS.fr.comissoes_centis);

    // The agent reads their own day, the same row; another agent only theirs; a person no agent's.
    const own = await t.app.inject({ method: 'GET', url: '/api/me/agent/day', headers: bearer(agent.user) });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual(row);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/me/agent/day?dia=${today}`,
      headers: bearer(quiet.user),
    });
    expect(other.json()).toMatchObject({ agente_id: quiet.id, depositos: 0, saldo_fim_centis: 0 });
    const person = await seedUser(t);
    const none = await t.app.inject({ method: 'GET', url: '/api/me/agent/day', headers: bearer(person) });
    expect(none.json()).toMatchObject({ error: { code: 'agent_not_found' } });
  });

  it('names the day’s adjustments, net, so the totals account for every balance', async () => {
    const todays = async () => (await adminGet('/agents/reconciliation', finance)).json().operador;
    const { adjust } = money();
    const before = await todays();
    const person = await seedUser(t, { bonusCentis: 10_000 });
    await adjust(person, 2_550);
    await adjust(person, -1_000);

    const after = await todays();
    expect(after.ajustes_centis - (before.ajustes_centis ?? 0)).toBe(1_550);
    expect(after.saldo_pessoas_centis + after.saldo_floats_centis).toBe(
      after.saldo_inicio_pessoas_centis +
        after.saldo_inicio_floats_centis +
        after.emitido_centis -
        after.resgatado_centis +
        after.bonus_centis +
        after.ajustes_centis -
        after.taxas_centis,
    );
  });

  it('is read by finance, admin and support only', async () => {
    for (const [as, status] of [
      [finance, 200],
      [admin, 200],
      [support, 200],
      [compliance, 403],
    ] as const) {
      expect((await adminGet('/agents/reconciliation', as)).statusCode).toBe(status);
      expect((await adminGet('/agents/reconciliation.csv', as)).statusCode).toBe(status);
    }
  });

  it('refuses a day that is not a real date or is still to come, with its code', async () => {
    const today = todayIsoDate();
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const agent = await money().makeAgent();
    for (const [dia, code] of [
      ['2026-02-31', 'reconciliation_day_invalid'],
      ['28/11/2026', 'reconciliation_day_invalid'],
      ['', 'reconciliation_day_invalid'],
      [tomorrow, 'reconciliation_day_in_future'],
    ] as const) {
      for (const res of [
        await adminGet(`/agents/reconciliation?dia=${encodeURIComponent(dia)}`, finance),
        await adminGet(`/agents/reconciliation.csv?dia=${encodeURIComponent(dia)}`, finance),
        await t.app.inject({
          method: 'GET',
          url: `/api/me/agent/day?dia=${encodeURIComponent(dia)}`,
          headers: bearer(agent.user),
        }),
      ]) {
        expect(res.statusCode, dia).toBe(422);
        expect(res.json().error.code).toBe(code);
      }
    }
  });
});
