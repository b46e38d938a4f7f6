import { formatKreyol, todayIsoDate } from '@kreyolcash/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExpirySweeper } from '../../../ledger/ledger.ts';
import { expectLedgerSound } from '../../../test-support/ledger-assertions.ts';
import { codeForMovement, type SeededUser, seedUser } from '../../../test-support/ledger-fixtures.ts';
import { operatorSession } from '../../../test-support/operators.ts';
import { MESSAGE_CONTENT, textOf } from '../../../test-support/outbox-messages.ts';
import { paidTransfer, reportTransfer } from '../../../test-support/report-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { testDatabaseKind } from '../../../test-support/test-database.ts';

// A customer complains about their own cash-out (as its payer) or cash-in (as the customer it
// paid) from its page; the complaint reaches the back office's dispute queue, naming the agent,
// and support refunds it from the agent's float — never more than the float has free, nor more
// than the customer paid, and once.

const allDay = [{ abre: '00:00', fecha: '24:00' }];
const always = { mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay, sun: allDay };
const bearer = (u: { accessToken: string }) => ({ authorization: `Bearer ${u.accessToken}` });
const FLOAT_CENTIS = 100_000;

type Agent = { user: SeededUser; numero: number; float: string; id: string };
type Session = Awaited<ReturnType<typeof operatorSession>>;

describe(`complaints about cash-ins and cash-outs on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let support: Session;
  let proposer: Session;
  let approver: Session;
  let references = 0;

  const post = (url: string, user: { accessToken: string }, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(user), ...(payload ? { payload } : {}) });
  const get = (url: string, user: { accessToken: string }) => t.app.inject({ url, headers: bearer(user) });
  const admin = (url: string, as: Session, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/admin${url}`, headers: { cookie: as.cookie }, payload });
  const adminGet = (url: string, as: Session) =>
    t.app.inject({ url: `/api/admin${url}`, headers: { cookie: as.cookie } });
  const balanceOf = async (accountId: string) =>
    t.database.db
      .selectFrom('kreyolcash_contas')
      .select(['saldo_centis', 'reservado_centis'])
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
  /** What each party of a complaint was told, in order, as they read it. */
  const messagesAbout = async (reportId: string) =>
    (
      await t.database.db
        .selectFrom('outbox_messages')
        .select(['recipient', 'idioma', ...MESSAGE_CONTENT])
        .where('referencia', '=', reportId)
        .orderBy('id')
        .execute()
    ).map((row) => ({
      recipient: row.recipient,
      template: row.template,
      idioma: row.idioma,
      text: textOf(row),
    }));
  const speaks = (user: SeededUser, idioma: 'ht' | 'pt-BR' | 'fr' | 'en') =>
    t.database.db.updateTable('usuarios').set({ idioma }).where('id', '=', user.id).execute();
  const dispute = (user: SeededUser, movementId: string, tipo: string) =>
    post(`/api/wallet/transactions/${movementId}/dispute`, user, {
      tipo,
      descricao: 'Ajan an pa ban m kòb la',
    });

  async function fund(agent: { numero: number }, quantidade_centis: number) {
    references += 1;
    const proposed = await admin('/floats/issuances', proposer, {
      agente: String(agent.numero),
      quantidade_centis,
      referencia: `BNC-CMP-${Date.now() % 1_000_000}-${references}`,
      data_deposito: todayIsoDate(),
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const approved = await admin(`/floats/${proposed.json().operacao.id}/approve`, approver);
    expect(approved.statusCode, approved.body).toBe(200);
  }

  async function newAgent(): Promise<Agent> {
    const user = await seedUser(t, { documentApproved: true });
    const made = await admin('/agents', support, {
      user_id: user.id,
      nome_comercial: 'Boutik Lespwa',
      comuna: 'delmas',
      endereco: 'Ri Lamè 12',
      horario: always,
    });
    expect(made.statusCode, made.body).toBe(201);
    const agente = made.json().agente as { id: string; numero: number; conta_id: string };
    await fund(agente, FLOAT_CENTIS);
    return { user, numero: agente.numero, float: agente.conta_id, id: agente.id };
  }

  /** A posted cash-out of `amount`: held by the customer's code, handed over by the agent. */
  async function cashOut(agent: Agent, customer: SeededUser, amount: number) {
    const started = await post('/api/cash-outs', customer, {
      agente_numero: agent.numero,
      quantidade_centis: amount,
    });
    expect(started.statusCode, started.body).toBe(201);
    const pedido = started.json().pedido_id as string;
    const fee = started.json().cotacao.tarifa_centis as number;
    const held = await post(`/api/cash-outs/${pedido}/confirm`, customer, {
      agente_numero: agent.numero,
      quantidade_centis: amount,
      tarifa_centis: fee,
      codigo: await codeForMovement(t, pedido),
    });
    expect(held.statusCode, held.body).toBe(201);
    const id = held.json().movimentacao_id as string;
    const handed = await post(`/api/me/agent/cash-outs/${id}/hand-over`, agent.user);
    expect(handed.statusCode, handed.body).toBe(200);
    return { id, fee };
  }

  /** A posted cash-in of `amount` from the agent's float to the customer. */
  async function cashIn(agent: Agent, customer: SeededUser, amount: number): Promise<string> {
    const started = await post('/api/me/agent/cash-ins', agent.user, {
      telefone: customer.telefone.slice(4),
      quantidade_centis: amount,
    });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().movimentacao_id as string;
    const confirmed = await post(`/api/me/agent/cash-ins/${id}/confirm`, agent.user, {
      codigo: await codeForMovement(t, id),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp({ AGENTS_ENABLED: 'true', RATE_LIMIT_MULTIPLIER: '1000' });
    support = await operatorSession(t, 'support');
    proposer = await operatorSession(t, 'finance');
    approver = await operatorSession(t, 'finance');
  });
  afterAll(async () => {
    await expectLedgerSound(t.database.db);
    await t.close();
  });

  it('takes a cash-out’s complaint to the queue and refunds amount and fee from the float', async () => {
    const agent = await newAgent();
    const customer = await seedUser(t, { bonusCentis: 20_000 });
    const { id, fee } = await cashOut(agent, customer, 2_000);
    expect(fee).toBeGreaterThan(0);
    const floatAfterCashOut = await balanceOf(agent.float);

    const detail = await get(`/api/wallet/transactions/${id}`, customer);
    expect(detail.json()).toMatchObject({
      tipo: 'saque',
      type: 'sent',
      agente: { numero: agent.numero, nome_comercial: 'Boutik Lespwa' },
      motivos_reclamacao: ['dinheiro_nao_entregue', 'cobranca_excessiva', 'valor_errado', 'outro'],
      taxa_centis: fee,
    });
    // A transfer's reasons do not fit cash.
    const wrongReason = await dispute(customer, id, 'nao_entregue');
    expect(wrongReason.json().error?.code, wrongReason.body).toBe('transaction_not_reportable');

    const opened = await dispute(customer, id, 'dinheiro_nao_entregue');
    expect(opened.statusCode, opened.body).toBe(201);
    const reportId = opened.json().reclamacao.id as string;
    expect(opened.json().reclamacao).toMatchObject({ status: 'aberta', retido: true });
    // The amount is held on the float while support looks.
    expect(await balanceOf(agent.float)).toEqual({
      saldo_centis: floatAfterCashOut.saldo_centis,
      reservado_centis: 2_000,
    });

    const queue = await adminGet('/reports?status=aberta', support);
    expect(queue.json().reclamacoes).toContainEqual(
      expect.objectContaining({
        id: reportId,
        tipo: 'dinheiro_nao_entregue',
        movimentacao_tipo: 'saque',
        pago_centis: 2_000 + fee,
        agente: {
          numero: agent.numero,
          nome_comercial: 'Boutik Lespwa',
          disponivel_centis: expect.any(Number),
        },
        pagador: expect.objectContaining({ id: customer.id }),
        recebedor: expect.objectContaining({ id: agent.user.id }),
      }),
    );

    // A reversal does not fit cash: the cash changed hands outside the ledger.
    const reversed = await admin(`/reports/${reportId}/reverse`, support, { motivo: 'Non' });
    expect(reversed.json().error?.code, reversed.body).toBe('dispute_decision_not_applicable');
    const tooMuch = await admin(`/reports/${reportId}/refund`, support, {
      motivo: 'Kòb pa t bay',
      quantidade_centis: 2_000 + fee + 1,
    });
    expect(tooMuch.json().error?.code, tooMuch.body).toBe('invalid_amount');

    const refunded = await admin(`/reports/${reportId}/refund`, support, {
      motivo: 'Ajan an pa t bay kòb la',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().reclamacao).toMatchObject({
      status: 'reembolsada',
      reembolso_centis: 2_000 + fee,
    });
    expect(await balanceOf(agent.float)).toEqual({
      saldo_centis: floatAfterCashOut.saldo_centis - 2_000 - fee,
      reservado_centis: 0,
    });
    // The customer has everything back that the cash-out took.
    expect(await balanceOf(customer.id)).toEqual({ saldo_centis: 20_000, reservado_centis: 0 });
    const statement = await get('/api/wallet/transactions?type=all&limit=5', customer);
    expect(statement.json().items[0]).toMatchObject({
      tipo: 'reembolso',
      type: 'received',
      quantidade_centis: 2_000 + fee,
      agente: { numero: agent.numero, nome_comercial: 'Boutik Lespwa' },
    });
    const audit = await t.database.db
      .selectFrom('auditoria')
      .selectAll()
      .where('alvo_id', '=', reportId)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ acao: 'report.refund' });
    // Complained and refunded: no second complaint.
    const again = await get(`/api/wallet/transactions/${id}`, customer);
    expect(again.json()).toMatchObject({ motivos_reclamacao: [], reclamacao: { status: 'reembolsada' } });
    await expectLedgerSound(t.database.db);
  });

  it('lets the customer a cash-in paid complain, and refunds a part from the float', async () => {
    const agent = await newAgent();
    const customer = await seedUser(t, { bonusCentis: 1_000 });
    const id = await cashIn(agent, customer, 5_000);
    const floatBefore = await balanceOf(agent.float);

    const detail = await get(`/api/wallet/transactions/${id}`, customer);
    expect(detail.json()).toMatchObject({
      tipo: 'deposito',
      type: 'received',
      agente: { numero: agent.numero },
      motivos_reclamacao: ['valor_errado', 'cobranca_excessiva', 'outro'],
    });
    const opened = await dispute(customer, id, 'valor_errado');
    expect(opened.statusCode, opened.body).toBe(201);
    // Nothing of the customer's is held against their own complaint.
    expect(await balanceOf(customer.id)).toEqual({ saldo_centis: 6_000, reservado_centis: 0 });
    const reportId = opened.json().reclamacao.id as string;

    const refunded = await admin(`/reports/${reportId}/refund`, support, {
      motivo: 'Li te bay ₭55, li resevwa ₭50',
      quantidade_centis: 500,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await balanceOf(customer.id)).toEqual({ saldo_centis: 6_500, reservado_centis: 0 });
    expect(await balanceOf(agent.float)).toEqual({
      saldo_centis: floatBefore.saldo_centis - 500,
      reservado_centis: 0,
    });
  });

  it('refuses another’s movement, the agent’s side, a second complaint and a held cash-out', async () => {
    const agent = await newAgent();
    const [customer, stranger] = [await seedUser(t, { bonusCentis: 20_000 }), await seedUser(t)];
    const { id } = await cashOut(agent, customer, 1_000);
    const cashInId = await cashIn(agent, customer, 1_000);

    const byStranger = await dispute(stranger, id, 'dinheiro_nao_entregue');
    expect([byStranger.statusCode, byStranger.json().error?.code]).toEqual([404, 'transaction_not_found']);
    const byStrangerIn = await dispute(stranger, cashInId, 'valor_errado');
    expect(byStrangerIn.json().error?.code).toBe('transaction_not_found');
    // The agent paid the cash-in from the float: only the customer complains about it.
    const byAgent = await dispute(agent.user, cashInId, 'valor_errado');
    expect(byAgent.json().error?.code).toBe('transaction_not_reportable');

    expect((await dispute(customer, id, 'cobranca_excessiva')).statusCode).toBe(201);
    const twice = await dispute(customer, id, 'dinheiro_nao_entregue');
    expect([twice.statusCode, twice.json().error?.code]).toEqual([409, 'report_already_exists']);

    // A cash-out the agent has not handed over yet is cancelled by its customer, not complained about.
    const started = await post('/api/cash-outs', customer, {
      agente_numero: agent.numero,
      quantidade_centis: 1_000,
    });
    const pedido = started.json().pedido_id as string;
    const held = await post(`/api/cash-outs/${pedido}/confirm`, customer, {
      agente_numero: agent.numero,
      quantidade_centis: 1_000,
      tarifa_centis: started.json().cotacao.tarifa_centis,
      codigo: await codeForMovement(t, pedido),
    });
    const heldComplaint = await dispute(customer, held.json().movimentacao_id, 'dinheiro_nao_entregue');
    expect(heldComplaint.json().error?.code).toBe('transaction_not_reportable');
    expect((await post(`/api/cash-outs/${held.json().movimentacao_id}/cancel`, customer)).statusCode).toBe(
      200,
    );
  });

  it('refuses a refund the float cannot pay, changing nothing, and rejects instead', async () => {
    const agent = await newAgent();
    const customer = await seedUser(t, { bonusCentis: 1_000 });
    const id = await cashIn(agent, customer, 3_000);
    const opened = await dispute(customer, id, 'valor_errado');
    const reportId = opened.json().reclamacao.id as string;
    // Finance redeems all of the float but ₭10.
    const rest = (await balanceOf(agent.float)).saldo_centis - 1_000;
    const proposed = await admin('/floats/redemptions', proposer, {
      agente: agent.id,
      quantidade_centis: rest,
      referencia: `RSG-${Date.now() % 1_000_000}`,
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    expect((await admin(`/floats/${proposed.json().operacao.id}/approve`, approver)).statusCode).toBe(200);

    const refused = await admin(`/reports/${reportId}/refund`, support, {
      motivo: 'Tout',
      quantidade_centis: 3_000,
    });
    expect([refused.statusCode, refused.json().error?.code]).toEqual([422, 'agent_float_insufficient']);
    expect(await balanceOf(agent.float)).toEqual({ saldo_centis: 1_000, reservado_centis: 0 });
    expect(await balanceOf(customer.id)).toEqual({ saldo_centis: 4_000, reservado_centis: 0 });
    const still = await adminGet(`/reports/${reportId}`, support);
    expect(still.json().reclamacao).toMatchObject({ status: 'aberta', agente: { disponivel_centis: 1_000 } });

    const rejected = await admin(`/reports/${reportId}/reject`, support, { motivo: 'Pa gen prèv' });
    expect(rejected.json().reclamacao).toMatchObject({ status: 'rejeitada' });
  });

  it('refunds once when support refunds the same complaint in parallel', async () => {
    const agent = await newAgent();
    const customer = await seedUser(t, { bonusCentis: 20_000 });
    const { id, fee } = await cashOut(agent, customer, 5_000);
    const floatBefore = await balanceOf(agent.float);
    const opened = await dispute(customer, id, 'dinheiro_nao_entregue');
    const reportId = opened.json().reclamacao.id as string;
    const second = await operatorSession(t, 'support');

    const answers = await Promise.all(
      [support, second, support, second].map((as) =>
        admin(`/reports/${reportId}/refund`, as, { motivo: 'Kòb la pa t janm bay' }),
      ),
    );
    const codes = answers.map((a) => (a.statusCode === 200 ? 'ok' : a.json().error?.code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c !== 'ok')).toEqual([
      'report_not_open',
      'report_not_open',
      'report_not_open',
    ]);
    expect(await balanceOf(agent.float)).toEqual({
      saldo_centis: floatBefore.saldo_centis - 5_000 - fee,
      reservado_centis: 0,
    });
    const refunds = await t.database.db
      .selectFrom('kreyolcash_movimentacoes')
      .select('quantidade_centis')
      .where('referente_a', '=', id)
      .execute();
    expect(refunds).toEqual([{ quantidade_centis: 5_000 + fee }]);
    await expectLedgerSound(t.database.db);
  });
  it('tells the customer and the agent of a cash-out’s complaint and refund, each in their language', async () => {
    const agent = await newAgent();
    const customer = await seedUser(t, { bonusCentis: 20_000 });
    const { id, fee } = await cashOut(agent, customer, 2_000);
    await speaks(customer, 'fr');
    await speaks(agent.user, 'en');

    const opened = await dispute(customer, id, 'dinheiro_nao_entregue');
    const reportId = opened.json().reclamacao.id as string;
    const refunded = await admin(`/reports/${reportId}/refund`, support, { motivo: 'Kòb la pa t bay' });
    expect(refunded.statusCode, refunded.body).toBe(200);

    const refund = formatKreyol(2_000 + fee);
    expect(await messagesAbout(reportId)).toEqual([
      {
        recipient: customer.telefone,
        template: 'cash_complaint_opened_customer',
        idioma: 'fr',
        text: expect.stringContaining(
          `votre réclamation sur le retrait de ₭ 20,00 chez Boutik Lespwa (agent ${agent.numero})`,
        ),
      },
      {
        recipient: agent.user.telefone,
        template: 'cash_complaint_opened_agent',
        idioma: 'en',
        text: expect.stringContaining(
          `a complaint from ${customer.nome} about the cash-out of ₭ 20,00 you made for them.\nWhile it is reviewed, ₭ 20,00 stays held in your agent float.`,
        ),
      },
      {
        recipient: customer.telefone,
        template: 'cash_complaint_decided_customer',
        idioma: 'fr',
        text: expect.stringContaining(
          `le retrait de ₭ 20,00 chez Boutik Lespwa (agent ${agent.numero}) : vous êtes remboursé de ${refund}.`,
        ),
      },
      {
        recipient: agent.user.telefone,
        template: 'cash_complaint_decided_agent',
        idioma: 'en',
        text: expect.stringContaining(`${refund} was refunded to them from your agent float.`),
      },
    ]);
  });

  it('tells both of a cash-in’s complaint and its rejection in Creole, naming the agent', async () => {
    const agent = await newAgent();
    const customer = await seedUser(t, { bonusCentis: 1_000 });
    const id = await cashIn(agent, customer, 5_000);
    const opened = await dispute(customer, id, 'valor_errado');
    const reportId = opened.json().reclamacao.id as string;
    const rejected = await admin(`/reports/${reportId}/reject`, support, { motivo: 'Pa gen prèv' });
    expect(rejected.statusCode, rejected.body).toBe(200);

    const told = await messagesAbout(reportId);
    expect(told.map((m) => [m.recipient, m.template, m.idioma])).toEqual([
      [customer.telefone, 'cash_complaint_opened_customer', 'ht'],
      [agent.user.telefone, 'cash_complaint_opened_agent', 'ht'],
      [customer.telefone, 'cash_complaint_decided_customer', 'ht'],
      [agent.user.telefone, 'cash_complaint_decided_agent', 'ht'],
    ]);
    expect(told.map((m) => m.text)).toEqual([
      `KreyolCash: nou resevwa plent ou sou depo ₭ 50,00 lakay Boutik Lespwa (ajan ${agent.numero}). Ekip sipò a ap egzamine l.\nN ap ekri w lè yo deside.`,
      // Nothing of a cash-in is held: the agent is not told of a hold.
      `KreyolCash: ekip sipò a ap egzamine yon plent ${customer.nome} fè sou depo ₭ 50,00 ou te fè pou li.\nN ap ekri w lè yo deside.`,
      `KreyolCash: sipò a rejte plent ou sou depo ₭ 50,00 lakay Boutik Lespwa (ajan ${agent.numero}). Pa gen ranbousman.\nSi w bezwen èd, kontakte sipò KreyolCash.`,
      `KreyolCash: sipò a rejte plent ${customer.nome} sou depo ₭ 50,00 ou te fè pou li. Anyen pa soti nan kès ajan ou.`,
    ]);
  });

  it('tells both that an undecided cash complaint closed without a refund, the float released', async () => {
    const agent = await newAgent();
    const customer = await seedUser(t, { bonusCentis: 20_000 });
    const { id } = await cashOut(agent, customer, 1_000);
    await speaks(customer, 'pt-BR');
    const reportId = (await dispute(customer, id, 'cobranca_excessiva')).json().reclamacao.id as string;
    await sql`update reclamacoes set prazo_em = now() - interval '1 second' where id = ${reportId}`.execute(
      t.database.db,
    );
    const sweeper = new ExpirySweeper(t.database.db, { info: () => {}, error: () => {} } as never);
    expect(await sweeper.sweep()).toBeGreaterThanOrEqual(1);

    expect(await balanceOf(agent.float)).toMatchObject({ reservado_centis: 0 });
    const told = (await messagesAbout(reportId)).slice(2);
    expect(told.map((m) => [m.recipient, m.template, m.idioma])).toEqual([
      [customer.telefone, 'cash_complaint_decided_customer', 'pt-BR'],
      [agent.user.telefone, 'cash_complaint_decided_agent', 'ht'],
    ]);
    expect(told[0]?.text).toContain(
      `a sua reclamação sobre o saque de ₭ 10,00 com Boutik Lespwa (agente ${agent.numero}) foi encerrada sem decisão no prazo.`,
    );
    expect(told[1]?.text).toContain('fèmen san desizyon. Anyen pa soti nan kès ajan ou.');
  });

  it('still tells a transfer’s report with the transfer’s messages', async () => {
    const [payer, payee] = [await seedUser(t), await seedUser(t)];
    const id = await paidTransfer(t, payer, payee, 2_500);
    const reported = await reportTransfer(t, payer, id);
    expect(reported.statusCode, reported.body).toBe(201);
    const told = await messagesAbout(reported.json().reclamacao.id);
    expect(told.map((m) => [m.recipient, m.template])).toEqual([
      [payer.telefone, 'report_opened_payer'],
      [payee.telefone, 'report_opened_payee'],
    ]);
    expect(told[0]?.text).toContain(`₭ 25,00 ou te voye bay ${payee.nome}`);
  });
});
