import { type OperatorDay, todayIsoDate } from '@kreyolcash/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haitiDay } from '../../../ledger/ledger.ts';
import { agentMoney } from '../../../test-support/agent-money.ts';
import { expectLedgerSound } from '../../../test-support/ledger-assertions.ts';
import { seedUser } from '../../../test-support/ledger-fixtures.ts';
import { operatorSession } from '../../../test-support/operators.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { testDatabaseKind } from '../../../test-support/test-database.ts';
import { sendMoney } from '../../../test-support/transfers.ts';

// The operator's totals over the first days of a database, through HTTP: each day's movements are
// made by the app, then moved onto their own Haiti day (the ledger's guards set aside for that one
// transaction, as a fixture may). Every day must start where the day before ended and add up:
// start + issued − redeemed + bonuses + adjustments − fees = end.

type Session = Awaited<ReturnType<typeof operatorSession>>;

const daysAgo = (n: number) =>
  new Date(Date.parse(`${todayIsoDate()}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

describe(`the operator's totals day after day on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let finance: Session;
  beforeAll(async () => {
    t = await createTestApp({ AGENTS_ENABLED: 'true', RATE_LIMIT_MULTIPLIER: '100' });
    finance = await operatorSession(t, 'finance');
  });
  afterAll(async () => {
    await expectLedgerSound(t.database.db);
    await t.close();
  });

  const reportOf = async (dia: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/agents/reconciliation?dia=${dia}`,
      headers: { cookie: finance.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { operador: OperatorDay; agentes: { agente_id: string }[] };
  };

  // The database's clock, which stamps the lines.
  const dbNow = async () => {
    const { rows } = await sql<{ agora: Date }>`select clock_timestamp() as agora`.execute(t.database.db);
    return rows[0]?.agora as Date;
  };

  /** What the app wrote since `since` moves onto `dia`, from its noon on, each row as far apart as it was. */
  async function moveOnto(dia: string, since: Date) {
    const noon = new Date(haitiDay(dia).start.getTime() + 12 * 3_600_000);
    await t.database.db.transaction().execute(async (trx) => {
      await sql`alter table kreyolcash_lancamentos disable trigger kc_lancamentos_so_insercao`.execute(trx);
      await sql`alter table kreyolcash_movimentacoes disable trigger kc_movimentacoes_imutaveis`.execute(trx);
      await sql`update kreyolcash_lancamentos set criado_em = ${noon}::timestamptz + (criado_em - ${since}::timestamptz)
                 where criado_em >= ${since}`.execute(trx);
      await sql`update kreyolcash_movimentacoes
                   set criado_em = ${noon}::timestamptz + (criado_em - ${since}::timestamptz),
                       concluido_em = ${noon}::timestamptz + (concluido_em - ${since}::timestamptz)
                 where criado_em >= ${since}`.execute(trx);
      // The payers' running totals of the day go with their movements.
      await sql`update kreyolcash_envios_diarios set dia = ${dia}::date where dia > ${dia}::date`.execute(
        trx,
      );
      await sql`alter table kreyolcash_movimentacoes enable trigger kc_movimentacoes_imutaveis`.execute(trx);
      await sql`alter table kreyolcash_lancamentos enable trigger kc_lancamentos_so_insercao`.execute(trx);
    });
  }

  const addsUp = (o: OperatorDay) =>
    expect(o.saldo_pessoas_centis + o.saldo_floats_centis).toBe(
      o.saldo_inicio_pessoas_centis +
        o.saldo_inicio_floats_centis +
        o.emitido_centis -
        o.resgatado_centis +
        o.bonus_centis +
        o.ajustes_centis -
        o.taxas_centis,
    );

  it('starts each day where the day before ended, and adds up every day', async () => {
    const approver = await operatorSession(t, 'finance');
    const support = await operatorSession(t, 'support');
    const { makeAgent, floatOperation, cashIn, cashOut, adjust } = agentMoney(t, {
      support,
      finance,
      approver,
    });
    const [before, first, second, today] = [daysAgo(3), daysAgo(2), daysAgo(1), todayIsoDate()];

    // The first day: sign-up bonuses (the agent, a person, two customers: ₭100 + ₭100 + ₭100 +
    // ₭1 000), ₭1 000 of float, a ₭200 cash-in and a ₭500 cash-out whose ₭15 fee is half the agent's.
    let since = await dbNow();
    const agent = await makeAgent();
    const person = await seedUser(t);
    await floatOperation(agent, 'issuances', 100_000);
    await cashIn(agent, 20_000);
    await cashOut(agent, 50_000, 1_500);
    await moveOnto(first, since);

    // The second day: adjustments of +₭25,50 and −₭10, ₭30 of float redeemed, a ₭100 cash-out
    // (₭5 fee, half the agent's, a ₭1 000 sign-up bonus) and a transfer between people.
    since = await dbNow();
    await adjust(person, 2_550);
    await adjust(person, -1_000);
    await floatOperation(agent, 'redemptions', 3_000);
    await cashOut(agent, 10_000, 500);
    await sendMoney(t, person, agent.user, 1_000);
    await moveOnto(second, since);

    // Today: ₭50 of float, a ₭20 cash-in (a ₭100 sign-up bonus), an adjustment of −₭5.
    await floatOperation(agent, 'issuances', 5_000);
    await cashIn(agent, 2_000);
    await adjust(person, -500);

    const days = {
      before: (await reportOf(before)).operador,
      first: (await reportOf(first)).operador,
      second: await reportOf(second),
      today: (await reportOf(today)).operador,
    };
    expect(days.before).toEqual({
      emitido_centis: 0,
      resgatado_centis: 0,
      bonus_centis: 0,
      ajustes_centis: 0,
      taxas_centis: 0,
      saldos_em: 'fim_do_dia',
      saldo_inicio_pessoas_centis: 0,
      saldo_inicio_floats_centis: 0,
      saldo_pessoas_centis: 0,
      saldo_floats_centis: 0,
    });
    expect(days.first).toEqual({
      emitido_centis: 100_000,
      resgatado_centis: 0,
      bonus_centis: 130_000,
      ajustes_centis: 0,
      taxas_centis: 750,
      saldos_em: 'fim_do_dia',
      saldo_inicio_pessoas_centis: 0,
      saldo_inicio_floats_centis: 0,
      // 130 000 of bonuses + 20 000 cashed in − 51 500 cashed out with the fee.
      saldo_pessoas_centis: 98_500,
      // 100 000 issued − 20 000 + 50 000 + a 750 commission.
      saldo_floats_centis: 130_750,
    });
    expect(days.second.operador).toEqual({
      emitido_centis: 0,
      resgatado_centis: 3_000,
      bonus_centis: 100_000,
      ajustes_centis: 1_550,
      taxas_centis: 250,
      saldos_em: 'fim_do_dia',
      saldo_inicio_pessoas_centis: 98_500,
      saldo_inicio_floats_centis: 130_750,
      saldo_pessoas_centis: 98_500 + 100_000 + 1_550 - 10_500,
      saldo_floats_centis: 130_750 - 3_000 + 10_000 + 250,
    });
    expect(days.today).toMatchObject({
      emitido_centis: 5_000,
      resgatado_centis: 0,
      bonus_centis: 10_000,
      ajustes_centis: -500,
      taxas_centis: 0,
      saldos_em: 'agora',
      saldo_inicio_pessoas_centis: 189_550,
      saldo_inicio_floats_centis: 138_000,
      saldo_pessoas_centis: 189_550 + 10_000 + 2_000 - 500,
      saldo_floats_centis: 138_000 + 5_000 - 2_000,
    });
    for (const day of [days.before, days.first, days.second.operador, days.today]) addsUp(day);
    // The agent's own row of the second day starts and ends where its float did.
    expect(days.second.agentes.find((a) => a.agente_id === agent.id)).toMatchObject({
      saldo_inicio_centis: 130_750,
      saldo_fim_centis: 138_000,
    });
  });

  // A day's balances are each account's balance now less its lines since; its last line of the day
  // must show the same balance, or the ledger is broken and the day is an error, never a figure.
  it('refuses a day whose last line disagrees with its account', async () => {
    const person = await seedUser(t);
    const tamper = (by: number) =>
      t.database.db.transaction().execute(async (trx) => {
        await sql`alter table kreyolcash_lancamentos disable trigger kc_lancamentos_so_insercao`.execute(trx);
        await sql`update kreyolcash_lancamentos
                     set saldo_anterior_centis = saldo_anterior_centis + ${by},
                         saldo_posterior_centis = saldo_posterior_centis + ${by}
                   where id = (select max(id) from kreyolcash_lancamentos where conta_id = ${person.id})`.execute(
          trx,
        );
        await sql`alter table kreyolcash_lancamentos enable trigger kc_lancamentos_so_insercao`.execute(trx);
      });
    await tamper(1);
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/agents/reconciliation?dia=${todayIsoDate()}`,
        headers: { cookie: finance.cookie },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await tamper(-1);
    }
    await reportOf(todayIsoDate());
  });
});
