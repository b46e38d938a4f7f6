import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExpirySweeper, FEE_ACCOUNT_ID } from '../../ledger/ledger.ts';
import { contentOf } from '../../messaging/render.ts';
import { expectLedgerSound } from '../../test-support/ledger-assertions.ts';
import { codeForMovement, type SeededUser, seedUser } from '../../test-support/ledger-fixtures.ts';
import { operatorSession } from '../../test-support/operators.ts';
import { decideReport, reportTransfer } from '../../test-support/report-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

// Person-to-person transfers are free until finance publishes a `transferencia` table; then each
// transfer holds its fee with the amount, as the movement's second leg to the operator's fee
// account, and the payer confirms the fee they saw.

// ≤ ₭50: ₭1; up to ₭90: ₭2 + 1 %; nothing above ₭90.
const TABLE = [
  { de_centis: 1, ate_centis: 5_000, fixa_centis: 100, percentual_bp: 0, comissao_bp: 0 },
  { de_centis: 5_001, ate_centis: 9_000, fixa_centis: 200, percentual_bp: 100, comissao_bp: 0 },
];

describe(`transfers with a published fee on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // A day's sending of ₭100 at level 1, so a test can reach it with the fee and not without.
    t = await createTestApp({
      AGENTS_ENABLED: 'true',
      RATE_LIMIT_MULTIPLIER: '10',
      LEVEL_LIMITS: '{"1":{"diario_centis":10000}}',
    });
    const finance = await operatorSession(t, 'finance');
    const published = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/fees/transferencia',
      headers: { cookie: finance.cookie },
      payload: { faixas: TABLE },
    });
    expect(published.statusCode, published.body).toBe(200);
  });
  afterAll(async () => {
    await expectLedgerSound(t.database.db);
    await t.close();
  });

  const auth = (u: SeededUser) => ({ authorization: `Bearer ${u.accessToken}` });
  const send = (
    from: SeededUser,
    to: SeededUser,
    quantidade_centis: number,
    tarifa_centis?: number,
    key?: string,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: { ...auth(from), 'idempotency-key': key ?? randomUUID() },
      payload: {
        destinatario_email: to.email,
        quantidade_centis,
        ...(tarifa_centis === undefined ? {} : { tarifa_centis }),
      },
    });
  const post = (u: SeededUser, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: auth(u), ...(payload ? { payload } : {}) });
  const wallet = async (u: SeededUser) => {
    const { saldo_centis, reservado_centis } = (
      await t.app.inject({ url: '/api/wallet', headers: auth(u) })
    ).json();
    return { saldo_centis, reservado_centis };
  };
  const feeAccount = async () =>
    (
      await t.database.db
        .selectFrom('kreyolcash_contas')
        .select(['saldo_centis', 'reservado_centis'])
        .where('id', '=', FEE_ACCOUNT_ID)
        .executeTakeFirstOrThrow()
    ).saldo_centis;
  const sentToday = async (u: SeededUser) => {
    const { rows } = await sql<{ enviado: number | null }>`
      select sum(enviado_centis)::bigint as enviado from kreyolcash_envios_diarios
       where usuario_id = ${u.id}::uuid`.execute(t.database.db);
    return Number(rows[0]?.enviado ?? 0);
  };
  const movementsOf = (u: SeededUser) =>
    t.database.db
      .selectFrom('kreyolcash_movimentacoes')
      .select('id')
      .where('remetente_id', '=', u.id)
      .execute();

  it('quotes the fee, holds amount + fee, and posts the fee to the operator as the second leg', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    // 1 % of ₭60,50 is 60,5 centis → 61, rounded half up.
    const quote = await t.app.inject({
      url: '/api/fees/quote?operacao=transferencia&quantidade_centis=6050',
      headers: auth(a),
    });
    expect(quote.json()).toMatchObject({ tarifa_centis: 261, total_centis: 6_311, recebe_centis: 6_050 });

    const feesBefore = await feeAccount();
    const started = await send(a, b, 6_050, 261);
    expect(started.statusCode, started.body).toBe(201);
    const { movimentacao_id: id, tarifa_centis } = started.json();
    expect(tarifa_centis).toBe(261);
    expect(await wallet(a)).toEqual({ saldo_centis: 10_000, reservado_centis: 6_311 });
    expect(await sentToday(a)).toBe(6_311);
    const pending = (await t.app.inject({ url: '/api/transfers/pending', headers: auth(a) })).json().items;
    expect(pending).toEqual([
      expect.objectContaining({ movimentacao_id: id, quantidade_centis: 6_050, tarifa_centis: 261 }),
    ]);

    // The code is read next to the fee it confirms.
    const message = await t.database.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('referencia', '=', id)
      .where('purpose', '=', 'transfer_code')
      .executeTakeFirstOrThrow();
    expect(contentOf(message).text).toContain(`kòd ou pou voye ₭ 60,50 bay ${b.nome} (frè ₭ 2,61) se *`);

    const verified = await post(a, `/api/transfers/${id}/verify`, { codigo: await codeForMovement(t, id) });
    expect(verified.statusCode, verified.body).toBe(200);
    // The payer's detail names the fee beside the amount; the payee's does not.
    const detail = async (u: SeededUser) =>
      (await t.app.inject({ url: `/api/wallet/transactions/${id}`, headers: auth(u) })).json();
    expect(await detail(a)).toMatchObject({ quantidade_centis: 6_050, taxa_centis: 261 });
    // The verification answers the movement as the payer's statement then shows it (read inside the
    // post); its answer's schema names no fee, the detail does.
    const { reclamacao: _report, pode_reclamar: _canReport, taxa_centis: _fee, ...shown } = await detail(a);
    expect(verified.json().transaction).toEqual(shown);
    expect(await detail(b)).toMatchObject({ quantidade_centis: 6_050 });
    expect((await detail(b)).taxa_centis).toBeUndefined();
    expect(await wallet(a)).toEqual({ saldo_centis: 10_000 - 6_311, reservado_centis: 0 });
    expect(await wallet(b)).toEqual({ saldo_centis: 10_000 + 6_050, reservado_centis: 0 });
    expect((await feeAccount()) - feesBefore).toBe(261);
    const legs = await t.database.db
      .selectFrom('kreyolcash_pernas')
      .select(['numero', 'conta_debito', 'conta_credito', 'quantidade_centis'])
      .where('movimentacao_id', '=', id)
      .orderBy('numero')
      .execute();
    expect(legs).toEqual([
      { numero: 1, conta_debito: a.id, conta_credito: b.id, quantidade_centis: 6_050 },
      { numero: 2, conta_debito: a.id, conta_credito: FEE_ACCOUNT_ID, quantidade_centis: 261 },
    ]);
    expect(await movementsOf(a)).toHaveLength(1);
    await expectLedgerSound(t.database.db);
  });

  it('refuses a fee the payer did not see (fee_changed, with the current fee), holding nothing', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const key = randomUUID();
    for (const malformed of [-1, 1.5, '100']) {
      const res = await send(a, b, 1_000, malformed as number, key);
      expect([res.statusCode, res.json().error?.code]).toEqual([422, 'validation_error']);
    }
    for (const seen of [undefined, 0, 99]) {
      const res = await send(a, b, 1_000, seen, key);
      expect([res.statusCode, res.json().error?.code, res.json().error?.details]).toEqual([
        409,
        'fee_changed',
        { tarifa_centis: 100 },
      ]);
    }
    expect(await wallet(a)).toEqual({ saldo_centis: 10_000, reservado_centis: 0 });
    expect(await movementsOf(a)).toEqual([]);
    expect(await sentToday(a)).toBe(0);
    const codes = await t.database.db
      .selectFrom('outbox_messages')
      .select('id')
      .where('recipient', '=', a.telefone)
      .where('purpose', '=', 'transfer_code')
      .execute();
    expect(codes).toEqual([]);
    // Seeing the new fee, the payer confirms again with the same key: it holds once, and replays.
    const again = await send(a, b, 1_000, 100, key);
    expect([again.statusCode, again.json().tarifa_centis]).toEqual([201, 100]);
    const replay = await send(a, b, 1_000, 100, key);
    expect([replay.statusCode, replay.headers['idempotent-replayed'], replay.json()]).toEqual([
      201,
      'true',
      again.json(),
    ]);
    expect(await wallet(a)).toEqual({ saldo_centis: 10_000, reservado_centis: 1_100 });
  });

  it('releases amount + fee on a cancel and at expiry, and gives back the day’s total', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const first = (await send(a, b, 2_000, 100)).json().movimentacao_id;
    const second = (await send(a, b, 6_000, 260)).json().movimentacao_id;
    expect(await wallet(a)).toEqual({ saldo_centis: 10_000, reservado_centis: 8_360 });
    expect(await sentToday(a)).toBe(8_360);

    // A new code names the fee held, as the first one did.
    expect((await post(a, `/api/transfers/${first}/resend-code`)).statusCode).toBe(202);
    const resent = await t.database.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('referencia', '=', first)
      .where('purpose', '=', 'transfer_code')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(contentOf(resent).text).toContain('(frè ₭ 1,00)');

    expect((await post(a, `/api/transfers/${first}/cancel`)).statusCode).toBe(200);
    expect(await wallet(a)).toEqual({ saldo_centis: 10_000, reservado_centis: 6_260 });
    expect(await sentToday(a)).toBe(6_260);

    await sql`update kreyolcash_movimentacoes set expira_em = now() - interval '1 second' where id = ${second}::uuid`.execute(
      t.database.db,
    );
    const sweeper = new ExpirySweeper(t.database.db, { info: () => {}, error: () => {} } as never);
    expect(await sweeper.sweep()).toBeGreaterThanOrEqual(1);
    expect(await wallet(a)).toEqual({ saldo_centis: 10_000, reservado_centis: 0 });
    expect(await sentToday(a)).toBe(0);
    await expectLedgerSound(t.database.db);
  });

  it('counts the fee in the balance and in the day’s total', async () => {
    const [poor, b] = [await seedUser(t, { bonusCentis: 5_050 }), await seedUser(t)];
    // ₭50 + ₭1 fee is more than ₭50,50; ₭49,50 + ₭1 is all of it.
    const refused = await send(poor, b, 5_000, 100);
    expect([refused.statusCode, refused.json().error.code]).toEqual([422, 'insufficient_balance']);
    expect(await wallet(poor)).toEqual({ saldo_centis: 5_050, reservado_centis: 0 });
    expect((await send(poor, b, 4_950, 100)).statusCode).toBe(201);
    expect(await wallet(poor)).toEqual({ saldo_centis: 5_050, reservado_centis: 5_050 });

    const rich = await seedUser(t, { bonusCentis: 20_000 });
    expect((await send(rich, b, 9_000, 290)).statusCode).toBe(201);
    // ₭7 alone fits in the day's ₭100 (₭90 + ₭7); with its ₭1 fee it does not (₭92,90 + ₭8).
    const overDay = await send(rich, b, 700, 100);
    expect([overDay.statusCode, overDay.json().error.code]).toEqual([422, 'daily_limit_reached']);
    expect(await wallet(rich)).toEqual({ saldo_centis: 20_000, reservado_centis: 9_290 });
    expect(await sentToday(rich)).toBe(9_290);
  });

  it('refuses an amount above the table’s last band, naming the limit', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const res = await send(a, b, 9_001, 0);
    expect([res.statusCode, res.json().error.code, res.json().error.details]).toEqual([
      422,
      'amount_above_fee_bands',
      { limite_centis: 9_000 },
    ]);
    expect(await wallet(a)).toEqual({ saldo_centis: 10_000, reservado_centis: 0 });
    expect(await movementsOf(a)).toEqual([]);
  });

  it('a wrong-person reversal gives the amount back; the fee, paid for a transfer made, stays', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const started = await send(a, b, 3_000, 100);
    expect(started.statusCode, started.body).toBe(201);
    const { movimentacao_id: id } = started.json();
    const paid = await post(a, `/api/transfers/${id}/verify`, { codigo: await codeForMovement(t, id) });
    expect(paid.statusCode, paid.body).toBe(200);
    const feesBefore = await feeAccount();

    const reported = await reportTransfer(t, a, id);
    expect(reported.statusCode, reported.body).toBe(201);
    const support = (await operatorSession(t, 'support')).cookie;
    const decided = await decideReport(t, support, reported.json().reclamacao.id, 'reverse', 'Move moun');
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().reclamacao).toMatchObject({ status: 'estornada', retido_centis: 0 });

    expect(await wallet(a)).toEqual({ saldo_centis: 10_000 - 100, reservado_centis: 0 });
    expect(await wallet(b)).toEqual({ saldo_centis: 10_000, reservado_centis: 0 });
    expect((await feeAccount()) - feesBefore).toBe(0);
    await expectLedgerSound(t.database.db);
  });
});
