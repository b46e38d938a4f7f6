import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disputes, ExpirySweeper, ledger, requestHashOf } from '../../../ledger/ledger.ts';
import { expectLedgerSound } from '../../../test-support/ledger-assertions.ts';
import { type SeededUser, seedUser } from '../../../test-support/ledger-fixtures.ts';
import { operatorSession } from '../../../test-support/operators.ts';
import { MESSAGE_CONTENT, textOf } from '../../../test-support/outbox-messages.ts';
import {
  balanceOf,
  decideReport,
  paidTransfer,
  reportTransfer,
} from '../../../test-support/report-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { testDatabaseKind } from '../../../test-support/test-database.ts';

// "Wrong person" reports: the payer's report holds the amount on the payee's side,
// support reverses or rejects it with a reason, and an undecided one expires. Every refusal
// leaves balances and reports as they were.
describe(`wrong-person reports on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let support: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
    support = (await operatorSession(t, 'support')).cookie;
  });
  afterAll(async () => {
    await expectLedgerSound(t.database.db);
    await t.close();
  });

  const detail = (user: SeededUser, id: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/wallet/transactions/${id}`,
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
  const reportsOf = (payer: SeededUser) =>
    t.database.db.selectFrom('reclamacoes').selectAll().where('pagador_id', '=', payer.id).execute();
  const messagesAbout = async (reportId: string) =>
    (
      await t.database.db
        .selectFrom('outbox_messages')
        .select(['recipient', 'template', ...MESSAGE_CONTENT])
        .where('referencia', '=', reportId)
        .orderBy('id')
        .execute()
    ).map((row) => ({ recipient: row.recipient, template: row.template, text: textOf(row) }));
  const auditOf = (reportId: string) =>
    t.database.db.selectFrom('auditoria').selectAll().where('alvo_id', '=', reportId).execute();
  /** Everything a refusal must leave as it was: both balances and the payer's reports. */
  const snapshot = async (a: SeededUser, b: SeededUser) => ({
    a: await balanceOf(t, a),
    b: await balanceOf(t, b),
    reports: await reportsOf(a),
  });

  it('holds the whole amount on the payee, shows the report to both, and tells both', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const id = await paidTransfer(t, a, b, 2500);
    expect((await detail(a, id)).json()).toMatchObject({ reclamacao: null, pode_reclamar: true });
    expect((await detail(b, id)).json()).toMatchObject({ reclamacao: null, pode_reclamar: false });

    const res = await reportTransfer(t, a, id, 'Mwen tape move nimewo');
    expect(res.statusCode).toBe(201);
    const report = res.json().reclamacao;
    expect(report).toMatchObject({ status: 'aberta', retido: true, descricao: 'Mwen tape move nimewo' });
    // The deadline is REPORT_DECISION_HOURS (72 by default) after the report.
    const hours = (Date.parse(report.prazo_em) - Date.parse(report.criado_em)) / 3_600_000;
    expect(hours).toBeCloseTo(72, 1);
    expect(await balanceOf(t, b)).toEqual({
      saldo_centis: 12_500,
      reservado_centis: 2500,
      disponivel_centis: 10_000,
    });

    expect((await detail(a, id)).json()).toMatchObject({
      reclamacao: { id: report.id, status: 'aberta' },
      pode_reclamar: false,
    });
    // The payee sees the review, not the payer's words.
    expect((await detail(b, id)).json().reclamacao).toMatchObject({
      status: 'aberta',
      retido: true,
      descricao: null,
    });

    const messages = await messagesAbout(report.id);
    expect(messages.map((m) => [m.recipient, m.template])).toEqual([
      [a.telefone, 'report_opened_payer'],
      [b.telefone, 'report_opened_payee'],
    ]);
    expect(messages[1]?.text).toContain('₭ 25,00');
    expect(messages[1]?.text).not.toMatch(/move moun|rapò/);
  });

  it('refuses what cannot be reported, and each refusal changes nothing', async () => {
    const [a, b, c] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const id = await paidTransfer(t, a, b, 1000);
    const before = await snapshot(a, b);
    const expectRefused = async (
      res: Awaited<ReturnType<typeof reportTransfer>>,
      status: number,
      code: string,
    ) => {
      expect([res.statusCode, res.json().error.code]).toEqual([status, code]);
      expect(await snapshot(a, b)).toEqual(before);
    };
    // The payee cannot report a payment they received; a stranger does not see the movement.
    await expectRefused(await reportTransfer(t, b, id), 422, 'transaction_not_reportable');
    await expectRefused(await reportTransfer(t, c, id), 404, 'transaction_not_found');
    await expectRefused(await reportTransfer(t, a, 'not-a-uuid'), 404, 'transaction_not_found');
    // The signup issuance is the payer's own movement, but not a transfer.
    const issuance = await t.database.db
      .selectFrom('kreyolcash_movimentacoes')
      .select('id')
      .where('destinatario_id', '=', a.id)
      .where('tipo', '=', 'cadastro')
      .executeTakeFirstOrThrow();
    await expectRefused(await reportTransfer(t, a, issuance.id), 422, 'transaction_not_reportable');
    // A transfer already reversed (by the ledger's reverse) and one still waiting for its code.
    const [d, e] = [await seedUser(t), await seedUser(t)];
    const reversed = await paidTransfer(t, d, e, 500);
    expect((await detail(d, reversed)).json()).toMatchObject({ pode_reclamar: true });
    const undone = await ledger.reverse(t.app.deps, {
      movementId: reversed,
      actor: 'test',
      reason: 'x',
      idempotencyKey: randomUUID(),
    });
    expect(undone.ok).toBe(true);
    expect((await reportTransfer(t, d, reversed)).json().error.code).toBe('transaction_not_reportable');
    expect((await detail(d, reversed)).json()).toMatchObject({ pode_reclamar: false });
    const pending = await ledger.hold(t.app.deps, {
      kind: 'transfer',
      payerId: d.id,
      payee: { id: e.id },
      amountCentis: 300,
      note: null,
      idempotencyKey: randomUUID(),
      requestHash: requestHashOf('transfer', [e.email, 300]),
    });
    if (!pending.ok) throw new Error(pending.error);
    expect((await reportTransfer(t, d, pending.movimentacao_id)).json().error.code).toBe(
      'transaction_not_reportable',
    );
    expect(await reportsOf(d)).toEqual([]);
    expect(await snapshot(a, b)).toEqual(before);
    // Past 24 hours since it posted.
    await sql`update kreyolcash_movimentacoes set concluido_em = now() - interval '25 hours' where id = ${id}`.execute(
      t.database.db,
    );
    const late = await reportTransfer(t, a, id);
    expect(late.json().error.code).toBe('report_window_closed');
    expect(await snapshot(a, b)).toEqual(before);
  });

  it('allows one report per movement and three open per payer, counting only open ones', async () => {
    const a = await seedUser(t, { bonusCentis: 50_000 });
    const b = await seedUser(t);
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await paidTransfer(t, a, b, 100 + i));
    const first = await reportTransfer(t, a, ids[0] as string);
    expect(first.statusCode).toBe(201);
    const again = await reportTransfer(t, a, ids[0] as string);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'report_already_exists']);
    for (const id of ids.slice(1, 3)) expect((await reportTransfer(t, a, id)).statusCode).toBe(201);
    const before = await snapshot(a, b);
    const fourth = await reportTransfer(t, a, ids[3] as string);
    expect(fourth.json().error.code).toBe('report_limit_reached');
    expect(await snapshot(a, b)).toEqual(before);
    // A decided report is no longer open: the fourth may be reported now.
    expect(
      (await decideReport(t, support, first.json().reclamacao.id, 'reject', 'Moun nan konfime')).statusCode,
    ).toBe(200);
    expect((await reportTransfer(t, a, ids[3] as string)).statusCode).toBe(201);
  });

  it('support reverses: the hold is released, the payer is paid back, both statements show it, audit and messages', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const id = await paidTransfer(t, a, b, 3000);
    const reportId = (await reportTransfer(t, a, id)).json().reclamacao.id;

    const noReason = await decideReport(t, support, reportId, 'reverse', '   ');
    expect([noReason.statusCode, noReason.json().error.code]).toEqual([422, 'reason_required']);
    expect(await auditOf(reportId)).toEqual([]);

    const res = await decideReport(t, support, reportId, 'reverse', 'Pagadò a montre prèv');
    expect(res.statusCode).toBe(200);
    const decided = res.json().reclamacao;
    expect(decided).toMatchObject({
      status: 'estornada',
      retido_centis: 0,
      decisao_motivo: 'Pagadò a montre prèv',
    });
    expect(await balanceOf(t, a)).toEqual({
      saldo_centis: 10_000,
      reservado_centis: 0,
      disponivel_centis: 10_000,
    });
    expect(await balanceOf(t, b)).toEqual({
      saldo_centis: 10_000,
      reservado_centis: 0,
      disponivel_centis: 10_000,
    });

    const reversal = await t.database.db
      .selectFrom('kreyolcash_movimentacoes')
      .selectAll()
      .where('id', '=', decided.estorno_id)
      .executeTakeFirstOrThrow();
    expect(reversal).toMatchObject({
      tipo: 'estorno',
      referente_a: id,
      remetente_id: b.id,
      destinatario_id: a.id,
      motivo: 'Pagadò a montre prèv',
    });
    expect(reversal.ator).toMatch(/^operador:/);
    for (const user of [a, b]) {
      expect((await detail(user, id)).json()).toMatchObject({
        estornada: true,
        reclamacao: { status: 'estornada' },
      });
      expect((await detail(user, decided.estorno_id)).json()).toMatchObject({
        tipo: 'estorno',
        quantidade_centis: 3000,
      });
    }
    const audit = await auditOf(reportId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      acao: 'report.reverse',
      papel: 'support',
      motivo: 'Pagadò a montre prèv',
      usuario_id: a.id,
    });
    expect((await messagesAbout(reportId)).map((m) => m.template)).toEqual([
      'report_opened_payer',
      'report_opened_payee',
      'report_decided_payer',
      'report_decided_payee',
    ]);

    const twice = await decideReport(t, support, reportId, 'reject', 'ankò');
    expect([twice.statusCode, twice.json().error.code]).toEqual([409, 'report_not_open']);
    expect(await auditOf(reportId)).toHaveLength(1);
  });

  it('holds nothing when the payee has spent it; reversing then is insufficient_balance and changes nothing', async () => {
    const [a, b, c] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const id = await paidTransfer(t, a, b, 6000);
    await paidTransfer(t, b, c, 10_000);
    await paidTransfer(t, b, c, 5000);
    const report = (await reportTransfer(t, a, id)).json().reclamacao;
    expect(report.retido).toBe(false);
    expect(await balanceOf(t, b)).toMatchObject({ saldo_centis: 1000, reservado_centis: 0 });
    const before = await snapshot(a, b);
    const refused = await decideReport(t, support, report.id, 'reverse', 'Erè');
    expect([refused.statusCode, refused.json().error.code]).toEqual([422, 'insufficient_balance']);
    expect(await snapshot(a, b)).toEqual(before);
    expect(await auditOf(report.id)).toEqual([]);
    // Once the payee has the amount again, the reversal goes through.
    await paidTransfer(t, c, b, 5000);
    expect((await decideReport(t, support, report.id, 'reverse', 'Erè')).statusCode).toBe(200);
    expect(await balanceOf(t, b)).toMatchObject({ saldo_centis: 0, reservado_centis: 0 });
  });

  it('a decision whose audit row cannot be written does not happen', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const id = await paidTransfer(t, a, b, 1800);
    const reportId = (await reportTransfer(t, a, id)).json().reclamacao.id;
    const before = await snapshot(a, b);
    const { operator } = await operatorSession(t, 'support');
    await expect(
      disputes.decide(t.app.deps, { reportId, operator, reason: 'x', decision: 'reverse' }, async () => {
        throw new Error('audit unavailable');
      }),
    ).rejects.toThrow('audit unavailable');
    expect(await snapshot(a, b)).toEqual(before);
    expect((await detail(a, id)).json()).toMatchObject({
      estornada: false,
      reclamacao: { status: 'aberta' },
    });
  });

  it('support rejects with a reason: the hold is released and the payment stands', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const id = await paidTransfer(t, a, b, 2000);
    const reportId = (await reportTransfer(t, a, id)).json().reclamacao.id;
    const res = await decideReport(t, support, reportId, 'reject', 'Se bon moun nan');
    expect(res.json().reclamacao).toMatchObject({ status: 'rejeitada', retido_centis: 0, estorno_id: null });
    expect(await balanceOf(t, b)).toEqual({
      saldo_centis: 12_000,
      reservado_centis: 0,
      disponivel_centis: 12_000,
    });
    expect(await balanceOf(t, a)).toMatchObject({ saldo_centis: 8000 });
    expect((await auditOf(reportId))[0]).toMatchObject({ acao: 'report.reject', motivo: 'Se bon moun nan' });
    expect((await detail(b, id)).json()).toMatchObject({
      estornada: false,
      reclamacao: { status: 'rejeitada' },
    });
  });

  it('the sweeper expires an undecided report past its deadline and releases the hold', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const id = await paidTransfer(t, a, b, 1500);
    const reportId = (await reportTransfer(t, a, id)).json().reclamacao.id;
    const sweeper = new ExpirySweeper(t.database.db, { info: () => {}, error: () => {} } as never);
    await sweeper.sweep();
    expect(await balanceOf(t, b)).toMatchObject({ reservado_centis: 1500 });
    await sql`update reclamacoes set prazo_em = now() - interval '1 second' where id = ${reportId}`.execute(
      t.database.db,
    );
    expect(await sweeper.sweep()).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(t, b)).toEqual({
      saldo_centis: 11_500,
      reservado_centis: 0,
      disponivel_centis: 11_500,
    });
    const row = await t.database.db
      .selectFrom('reclamacoes')
      .selectAll()
      .where('id', '=', reportId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'expirada', retido_centis: 0, conta_retida: null });
    const decided = await decideReport(t, support, reportId, 'reverse', 'twò ta');
    expect(decided.json().error.code).toBe('report_not_open');
    expect((await messagesAbout(reportId)).at(-1)?.template).toBe('report_decided_payee');
  });

  it('lists the open queue with both people and the held amount; only support and admin', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const id = await paidTransfer(t, a, b, 1200);
    const reportId = (await reportTransfer(t, a, id)).json().reclamacao.id;
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports?status=aberta',
      headers: { cookie: support },
    });
    expect(list.statusCode).toBe(200);
    const item = list.json().reclamacoes.find((r: { id: string }) => r.id === reportId);
    expect(item).toMatchObject({
      status: 'aberta',
      quantidade_centis: 1200,
      retido_centis: 1200,
      pagador: { id: a.id, nome: a.nome },
      recebedor: { id: b.id, nome: b.nome },
    });
    const admin = (await operatorSession(t, 'admin')).cookie;
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/admin/reports/${reportId}`,
      headers: { cookie: admin },
    });
    expect(one.json().reclamacao).toMatchObject({ id: reportId, movimentacao_id: id });
    const compliance = (await operatorSession(t, 'compliance')).cookie;
    expect((await decideReport(t, compliance, reportId, 'reverse', 'x')).statusCode).toBe(403);
    const unknown = await decideReport(t, support, '00000000-0000-4000-8000-00000000abcd', 'reject', 'x');
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'not_found']);
    expect((await balanceOf(t, b)).reservado_centis).toBe(1200);
  });
});
