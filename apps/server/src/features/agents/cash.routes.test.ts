import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ExpirySweeper,
  FEE_ACCOUNT_ID,
  ledger,
  publishHtgRate,
  watchLedgerBatches,
} from '../../ledger/ledger.ts';
import { expectLedgerSound } from '../../test-support/ledger-assertions.ts';
import { codeForMovement, type SeededUser, seedUser } from '../../test-support/ledger-fixtures.ts';
import { queueNotices } from '../../test-support/notices.ts';
import { operatorSession } from '../../test-support/operators.ts';
import { MESSAGE_CONTENT, textOf } from '../../test-support/outbox-messages.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

// Cash in and out at an agent, through HTTP: the agent's cash-in (float → customer, the agent's
// code), the customer's cash-out (fee shown, then the customer's code holds amount + fee, then the
// agent's hand-over posts it as one movement of legs), and what each refuses without changing
// anything.

const allDay = [{ abre: '00:00', fecha: '24:00' }];
const always = { mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay, sun: allDay };
const bearer = (u: { accessToken: string }) => ({ authorization: `Bearer ${u.accessToken}` });

type Agent = { user: SeededUser; numero: number; float: string; nome: string };

/** The people a movement's detail names (name, e-mail), and its agent. */
function partiesSeen(detail: Record<string, unknown>) {
  return {
    remetente: [detail.remetente_nome, detail.remetente_email],
    destinatario: [detail.destinatario_nome, detail.destinatario_email],
    agente: detail.agente,
  };
}

describe(`cash in and out at an agent on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let support: string;
  let shops = 0;
  beforeAll(async () => {
    // A rate of the gourde's day (KC_HTG_RATE), written on every receipt.
    t = await createTestApp({ AGENTS_ENABLED: 'true', RATE_LIMIT_MULTIPLIER: '100', KC_HTG_RATE: '132.5' });
    support = (await operatorSession(t, 'support')).cookie;
  });
  afterAll(async () => t.close());

  const post = (url: string, user: { accessToken: string }, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(user), ...(payload ? { payload } : {}) });
  const get = (url: string, user: { accessToken: string }) =>
    t.app.inject({ method: 'GET', url, headers: bearer(user) });

  async function makeAgent(floatCentis = 0): Promise<Agent> {
    shops += 1;
    const user = await seedUser(t, { documentApproved: true });
    const nome = `Boutik Lakay ${shops}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/agents',
      headers: { cookie: support },
      payload: {
        user_id: user.id,
        nome_comercial: nome,
        comuna: 'hinche',
        endereco: 'Ri Lamè',
        horario: always,
      },
    });
    expect(res.statusCode).toBe(201);
    const { conta_id } = await t.database.db
      .selectFrom('agentes')
      .select('conta_id')
      .where('usuario_id', '=', user.id)
      .executeTakeFirstOrThrow();
    if (floatCentis > 0) {
      const rich = await seedUser(t, { bonusCentis: floatCentis });
      const paid = await ledger.postLegs(t.app.deps, {
        movementKind: 'transferencia',
        note: null,
        legs: [{ debitAccountId: rich.id, creditAccountId: conta_id, amountCentis: floatCentis }],
      });
      expect(paid).toMatchObject({ ok: true });
    }
    return { user, numero: res.json().agente.numero, float: conta_id, nome };
  }

  const account = async (id: string) => {
    const row = await t.database.db
      .selectFrom('kreyolcash_contas')
      .select(['saldo_centis', 'reservado_centis'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { saldo: Number(row.saldo_centis), reservado: Number(row.reservado_centis) };
  };
  // Receipts are queued by the notices' reader once the posting has committed (notices.sql).
  const receipts = async (movementId: string) => {
    await queueNotices(t.database.db);
    return (
      await t.database.db
        .selectFrom('outbox_messages')
        .select(['recipient', ...MESSAGE_CONTENT])
        .where('referencia', '=', movementId)
        .where('purpose', 'in', ['cash_in_done', 'cash_out_done'])
        .orderBy('id')
        .execute()
    ).map((row) => ({ to: row.recipient, text: textOf(row) }));
  };
  // An 8-digit spelling of a seeded +509 phone, as an agent types it at the counter.
  const typed = (telefone: string) => `${telefone.slice(4, 8)}-${telefone.slice(8)}`;

  describe('a cash-in', () => {
    it('holds the float for the customer it names, and the agent’s code posts it with receipts to both', async () => {
      const agent = await makeAgent(50_000);
      const customer = await seedUser(t);
      const started = await post('/api/me/agent/cash-ins', agent.user, {
        telefone: typed(customer.telefone),
        quantidade_centis: 20_000,
      });
      expect(started.statusCode).toBe(201);
      const id: string = started.json().movimentacao_id;
      expect(started.json()).toEqual({
        movimentacao_id: id,
        cliente: { nome_completo: customer.nome, profile_photo_url: null },
        quantidade_centis: 20_000,
        expira_em: expect.any(String),
      });
      expect(await account(agent.float)).toEqual({ saldo: 50_000, reservado: 20_000 });
      // A desk reloaded before the code is typed finds the cash-in again; nobody else sees it.
      const waiting = async (u: SeededUser) => (await get('/api/me/agent/cash-ins', u)).json().depositos;
      expect(await waiting(agent.user)).toEqual([started.json()]);
      expect(await waiting(customer)).toEqual([]);

      const code = await codeForMovement(t, id);
      const wrong = code === '000000' ? '111111' : '000000';
      const refused = await post(`/api/me/agent/cash-ins/${id}/confirm`, agent.user, { codigo: wrong });
      expect(refused.json()).toMatchObject({
        error: { code: 'invalid_codes', details: { tentativas_restantes: 2 } },
      });
      expect(await account(customer.id)).toEqual({ saldo: 10_000, reservado: 0 });

      expect(
        (await post(`/api/me/agent/cash-ins/${id}/confirm`, agent.user, { codigo: code })).statusCode,
      ).toBe(200);
      expect(await account(customer.id)).toEqual({ saldo: 30_000, reservado: 0 });
      expect(await account(agent.float)).toEqual({ saldo: 30_000, reservado: 0 });
      expect(await waiting(agent.user)).toEqual([]);
      expect(await receipts(id)).toEqual([
        {
          to: customer.telefone,
          text: `KreyolCash: ou resevwa ₭ 200,00 nan kont ou, depo lakay ${agent.nome} (ajan ${agent.numero}).\nTo chanj: ₭1 = 132,5 HTG.`,
        },
        {
          to: agent.user.telefone,
          text: `KreyolCash: ou depoze ₭ 200,00 bay ${customer.nome}. Lajan an soti nan kès ajan ou.\nTo chanj: ₭1 = 132,5 HTG.`,
        },
      ]);
      // The customer's statement shows it; the agent's personal one does not (their float paid).
      const statement = async (u: SeededUser) =>
        ((await get('/api/wallet/transactions', u)).json().items as { id: string }[]).map((m) => m.id);
      expect(await statement(customer)).toContain(id);
      expect(await statement(agent.user)).not.toContain(id);
      // The customer knows the agent by their business, not by the agent's own name and e-mail.
      expect(partiesSeen((await get(`/api/wallet/transactions/${id}`, customer)).json())).toEqual({
        remetente: [null, null],
        destinatario: [customer.nome, customer.email],
        agente: { numero: agent.numero, nome_comercial: expect.any(String) },
      });
      const again = await post(`/api/me/agent/cash-ins/${id}/confirm`, agent.user, { codigo: code });
      expect(again.json()).toMatchObject({ error: { code: 'transaction_not_pending' } });
      await expectLedgerSound(t.database.db);
    });

    it('quotes on its receipts the rate in force when it posted, though a start with another came before they were queued', async () => {
      const agent = await makeAgent(50_000);
      const customer = await seedUser(t);
      const cashIn = async () => {
        const started = await post('/api/me/agent/cash-ins', agent.user, {
          telefone: typed(customer.telefone),
          quantidade_centis: 1_000,
        });
        const id: string = started.json().movimentacao_id;
        const code = await codeForMovement(t, id);
        expect(
          (await post(`/api/me/agent/cash-ins/${id}/confirm`, agent.user, { codigo: code })).statusCode,
        ).toBe(200);
        return id;
      };
      const rates = async (id: string) => (await receipts(id)).map((r) => r.text.split('\n')[1]);
      const before = await cashIn();
      await publishHtgRate(t.database.db, 1_400_000);
      try {
        expect(await rates(before)).toEqual(['To chanj: ₭1 = 132,5 HTG.', 'To chanj: ₭1 = 132,5 HTG.']);
        expect(await rates(await cashIn())).toEqual(['To chanj: ₭1 = 140 HTG.', 'To chanj: ₭1 = 140 HTG.']);
      } finally {
        await publishHtgRate(t.database.db, 1_325_000);
      }
    });

    it('posts a counter’s cash-ins confirmed at once in batches, each once and with its receipts', async () => {
      const agent = await makeAgent(100_000);
      const customers = await Promise.all(Array.from({ length: 8 }, () => seedUser(t)));
      const ids: string[] = [];
      for (const customer of customers) {
        const started = await post('/api/me/agent/cash-ins', agent.user, {
          telefone: typed(customer.telefone),
          quantidade_centis: 5_000,
        });
        expect(started.statusCode).toBe(201);
        ids.push(started.json().movimentacao_id);
      }
      const codes = await Promise.all(ids.map((id) => codeForMovement(t, id)));
      const calls: number[] = [];
      const stopWatching = watchLedgerBatches(t.app.deps.database.db, (flow, phase, items) => {
        if (flow === 'party' && phase === 'verify') calls.push(items);
      });
      // The last one's code typed wrong: one attempt spent, still held.
      const confirmed = await Promise.all(
        ids.map((id, k) =>
          post(`/api/me/agent/cash-ins/${id}/confirm`, agent.user, {
            codigo: k === 7 ? (codes[k] === '000000' ? '111111' : '000000') : codes[k],
          }),
        ),
      );
      expect(confirmed.map((res) => res.statusCode)).toEqual([...Array(7).fill(200), 422]);
      stopWatching();
      expect(calls.reduce((sum, items) => sum + items, 0)).toBe(8);
      expect(calls.length).toBeLessThan(8);
      for (const [k, customer] of customers.entries())
        expect(await account(customer.id)).toEqual({ saldo: k === 7 ? 10_000 : 15_000, reservado: 0 });
      expect(await account(agent.float)).toEqual({ saldo: 65_000, reservado: 5_000 });
      for (const [k, id] of ids.entries())
        expect((await receipts(id)).map((r) => r.to)).toEqual(
          k === 7 ? [] : [customers[k]?.telefone, agent.user.telefone],
        );
      const { rows } = await sql<{ tentativas: number; usado: boolean }>`
        select tentativas, usado_em is not null as usado from codigos_verificacao
         where sujeito_id in (${sql.join(ids)}) order by sujeito_id = ${ids[7]}`.execute(t.database.db);
      expect(rows.map((r) => [r.tentativas, r.usado])).toEqual([...Array(7).fill([0, true]), [1, false]]);
      await expectLedgerSound(t.database.db);
    });

    it('is refused to someone who is no agent, and for no one, oneself or more than the float, changing nothing', async () => {
      const agent = await makeAgent(5_000);
      const customer = await seedUser(t);
      const stranger = await seedUser(t);
      const cases: [SeededUser, object, number, string][] = [
        [stranger, { telefone: typed(customer.telefone), quantidade_centis: 1_000 }, 404, 'agent_not_found'],
        [agent.user, { telefone: '3799-0000', quantidade_centis: 1_000 }, 404, 'user_not_found'],
        [
          agent.user,
          { telefone: typed(agent.user.telefone), quantidade_centis: 1_000 },
          422,
          'self_transfer',
        ],
        [
          agent.user,
          { telefone: typed(customer.telefone), quantidade_centis: 5_001 },
          422,
          'insufficient_balance',
        ],
        [agent.user, { telefone: typed(customer.telefone), quantidade_centis: 0 }, 422, 'invalid_amount'],
      ];
      for (const [who, body, status, error] of cases) {
        const res = await post('/api/me/agent/cash-ins', who, body);
        expect({ status: res.statusCode, error: res.json().error.code }).toEqual({ status, error });
      }
      expect(await account(agent.float)).toEqual({ saldo: 5_000, reservado: 0 });
      expect(await account(customer.id)).toEqual({ saldo: 10_000, reservado: 0 });
      // Another agent's cash-in is not found by this one.
      const other = await makeAgent(5_000);
      const theirs = await post('/api/me/agent/cash-ins', other.user, {
        telefone: typed(customer.telefone),
        quantidade_centis: 1_000,
      });
      const id = theirs.json().movimentacao_id;
      const code = await codeForMovement(t, id);
      for (const url of [`/api/me/agent/cash-ins/${id}/confirm`, `/api/me/agent/cash-ins/${id}/cancel`]) {
        expect((await post(url, agent.user, { codigo: code })).json().error.code).toBe(
          'transaction_not_found',
        );
      }
      expect((await post(`/api/me/agent/cash-ins/${id}/cancel`, other.user)).statusCode).toBe(200);
      expect(await account(other.float)).toEqual({ saldo: 5_000, reservado: 0 });
      await expectLedgerSound(t.database.db);
    });

    it('counts toward the customer’s maximum balance, at the start and when it posts', async () => {
      const agent = await makeAgent(100_000);
      // Level 1: at most ₭1 000. ₭900 now: ₭200 more does not fit.
      const customer = await seedUser(t, { bonusCentis: 90_000 });
      const over = await post('/api/me/agent/cash-ins', agent.user, {
        telefone: typed(customer.telefone),
        quantidade_centis: 20_000,
      });
      expect(over.json()).toMatchObject({ error: { code: 'balance_limit_reached' } });
      // Two of ₭60 each fit alone; the second to post is refused and frees the float.
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) {
        const res = await post('/api/me/agent/cash-ins', agent.user, {
          telefone: typed(customer.telefone),
          quantidade_centis: 6_000,
        });
        ids.push(res.json().movimentacao_id);
      }
      const confirm = async (id: string) =>
        post(`/api/me/agent/cash-ins/${id}/confirm`, agent.user, { codigo: await codeForMovement(t, id) });
      expect((await confirm(ids[0] as string)).statusCode).toBe(200);
      expect((await confirm(ids[1] as string)).json()).toMatchObject({
        error: { code: 'balance_limit_reached' },
      });
      expect(await account(customer.id)).toEqual({ saldo: 96_000, reservado: 0 });
      expect(await account(agent.float)).toEqual({ saldo: 94_000, reservado: 0 });
      await expectLedgerSound(t.database.db);
    });
  });

  describe('a cash-out', () => {
    const start = (customer: SeededUser, agent: Agent, amount: number) =>
      post('/api/cash-outs', customer, { agente_numero: agent.numero, quantidade_centis: amount });
    const confirm = async (
      customer: SeededUser,
      agent: Agent,
      amount: number,
      fee: number,
      requestId: string,
    ) =>
      post(`/api/cash-outs/${requestId}/confirm`, customer, {
        agente_numero: agent.numero,
        quantidade_centis: amount,
        tarifa_centis: fee,
        codigo: await codeForMovement(t, requestId),
      });

    it('shows the fee before anything is held; the code holds amount + fee; the agent’s hand-over posts the legs', async () => {
      const agent = await makeAgent();
      const customer = await seedUser(t, { bonusCentis: 100_000, documentApproved: true });
      const fees = await account(FEE_ACCOUNT_ID);

      const started = await start(customer, agent, 50_000);
      expect(started.statusCode).toBe(201);
      const requestId: string = started.json().pedido_id;
      expect(started.json()).toMatchObject({
        agente: { numero: agent.numero, nome_comercial: agent.nome, aberto_agora: true },
        // ₭500 is in the ₭250–₭1 000 band: ₭15, half of it the agent's.
        cotacao: {
          operacao: 'saque',
          quantidade_centis: 50_000,
          tarifa_centis: 1_500,
          comissao_centis: 750,
          operador_centis: 750,
          total_centis: 51_500,
          recebe_centis: 50_000,
        },
      });
      expect(await account(customer.id)).toEqual({ saldo: 100_000, reservado: 0 });

      // The code confirms the terms it was sent for, not others.
      const tampered = await post(`/api/cash-outs/${requestId}/confirm`, customer, {
        agente_numero: agent.numero,
        quantidade_centis: 40_000,
        tarifa_centis: 1_500,
        codigo: await codeForMovement(t, requestId),
      });
      expect(tampered.json()).toMatchObject({ error: { code: 'invalid_codes' } });
      expect(await account(customer.id)).toEqual({ saldo: 100_000, reservado: 0 });

      const held = await confirm(customer, agent, 50_000, 1_500, requestId);
      expect(held.statusCode).toBe(201);
      const id: string = held.json().movimentacao_id;
      expect(held.json()).toEqual({
        movimentacao_id: id,
        agente: { numero: agent.numero, nome_comercial: agent.nome },
        cliente: { nome_completo: customer.nome, profile_photo_url: null },
        quantidade_centis: 50_000,
        tarifa_centis: 1_500,
        comissao_centis: 750,
        expira_em: expect.any(String),
      });
      expect(await account(customer.id)).toEqual({ saldo: 100_000, reservado: 51_500 });
      // Its answer lost on a slow network, the customer sends the same confirmation again: the same hold.
      const again = await confirm(customer, agent, 50_000, 1_500, requestId);
      expect([again.statusCode, again.json()]).toEqual([201, held.json()]);
      expect(await account(customer.id)).toEqual({ saldo: 100_000, reservado: 51_500 });
      expect((await get('/api/cash-outs/pending', customer)).json().saques).toEqual([held.json()]);
      expect((await get('/api/me/agent/cash-outs', agent.user)).json().saques).toEqual([held.json()]);
      // Past its expiry, before the sweeper voids it, neither side is shown a cash-out it cannot finish.
      const expireAt = (at: string) =>
        sql`update kreyolcash_movimentacoes set expira_em = ${at}::timestamptz where id = ${id}::uuid`.execute(
          t.database.db,
        );
      await expireAt(new Date(Date.now() - 1000).toISOString());
      expect((await get('/api/cash-outs/pending', customer)).json().saques).toEqual([]);
      expect((await get('/api/me/agent/cash-outs', agent.user)).json().saques).toEqual([]);
      await expireAt(held.json().expira_em);
      expect((await get('/api/me/agent/cash-outs', agent.user)).json().saques).toEqual([held.json()]);

      // Another agent neither sees nor takes it.
      const other = await makeAgent();
      expect((await get('/api/me/agent/cash-outs', other.user)).json().saques).toEqual([]);
      expect((await post(`/api/me/agent/cash-outs/${id}/hand-over`, other.user)).json().error.code).toBe(
        'transaction_not_found',
      );

      expect((await post(`/api/me/agent/cash-outs/${id}/hand-over`, agent.user)).statusCode).toBe(200);
      expect(await account(customer.id)).toEqual({ saldo: 48_500, reservado: 0 });
      expect(await account(agent.float)).toEqual({ saldo: 50_750, reservado: 0 });
      expect(await account(FEE_ACCOUNT_ID)).toEqual({ saldo: fees.saldo + 750, reservado: 0 });
      expect(await receipts(id)).toEqual([
        {
          to: customer.telefone,
          text: `KreyolCash: ou retire ₭ 500,00 kach lakay ${agent.nome} (ajan ${agent.numero}). Frè: ₭ 15,00.\nTo chanj: ₭1 = 132,5 HTG.`,
        },
        {
          to: agent.user.telefone,
          text: `KreyolCash: ou bay ${customer.nome} ₭ 500,00 kach. ₭ 500,00 ak komisyon ₭ 7,50 antre nan kès ajan ou.\nTo chanj: ₭1 = 132,5 HTG.`,
        },
      ]);
      expect(partiesSeen((await get(`/api/wallet/transactions/${id}`, customer)).json())).toEqual({
        remetente: [customer.nome, customer.email],
        destinatario: [null, null],
        agente: { numero: agent.numero, nome_comercial: expect.any(String) },
      });
      expect((await post(`/api/me/agent/cash-outs/${id}/hand-over`, agent.user)).json().error.code).toBe(
        'transaction_not_pending',
      );
      expect((await confirm(customer, agent, 50_000, 1_500, requestId)).json().error.code).toBe(
        'transaction_not_pending',
      );
      await expectLedgerSound(t.database.db);
    });

    it('cannot choose a paused agent, oneself, or more than the balance; the customer can back out', async () => {
      const agent = await makeAgent();
      const customer = await seedUser(t, { bonusCentis: 20_000, documentApproved: true });
      const started = await start(customer, agent, 10_000);
      const requestId = started.json().pedido_id;
      expect((await post('/api/me/agent/pause', agent.user)).statusCode).toBe(200);
      expect((await start(customer, agent, 10_000)).json().error.code).toBe('agent_not_found');
      expect((await confirm(customer, agent, 10_000, 500, requestId)).json().error.code).toBe(
        'agent_not_found',
      );
      expect(await account(customer.id)).toEqual({ saldo: 20_000, reservado: 0 });
      expect((await post('/api/me/agent/resume', agent.user)).statusCode).toBe(200);

      expect((await start(agent.user, agent, 1_000)).json().error.code).toBe('self_transfer');
      expect((await start(customer, agent, 19_600)).json().error.code).toBe('insufficient_balance');
      expect((await start(customer, { ...agent, numero: 99_999 }, 1_000)).json().error.code).toBe(
        'agent_not_found',
      );

      // The code left unspent by the paused agent still holds once the agent is back.
      const held = await confirm(customer, agent, 10_000, 500, requestId);
      expect(held.statusCode).toBe(201);
      expect(await account(customer.id)).toEqual({ saldo: 20_000, reservado: 10_500 });
      const id = held.json().movimentacao_id;
      expect((await post(`/api/cash-outs/${id}/cancel`, agent.user)).json().error.code).toBe(
        'transaction_not_found',
      );
      expect((await post(`/api/cash-outs/${id}/cancel`, customer)).statusCode).toBe(200);
      expect(await account(customer.id)).toEqual({ saldo: 20_000, reservado: 0 });
      expect((await post(`/api/me/agent/cash-outs/${id}/hand-over`, agent.user)).json().error.code).toBe(
        'transaction_not_pending',
      );
      await expectLedgerSound(t.database.db);
    });

    it('is refused to a frozen customer before any code is sent; a code sent before the freeze holds nothing', async () => {
      const agent = await makeAgent();
      const customer = await seedUser(t, { bonusCentis: 20_000, documentApproved: true });
      const earlier = (await start(customer, agent, 10_000)).json().pedido_id;
      const freeze = await t.app.inject({ method: 'POST', url: '/api/me/freeze', headers: bearer(customer) });
      expect(freeze.statusCode).toBe(200);
      const codesSent = () =>
        t.database.db
          .selectFrom('codigos_verificacao')
          .select('sujeito_id')
          .where('user_id', '=', customer.id)
          .where('finalidade', '=', 'saque')
          .execute();
      const before = await codesSent();

      const refused = await start(customer, agent, 10_000);
      expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'account_frozen']);
      expect(await codesSent()).toEqual(before);

      const held = await confirm(customer, agent, 10_000, 500, earlier);
      expect([held.statusCode, held.json().error.code]).toEqual([403, 'account_frozen']);
      expect(await account(customer.id)).toEqual({ saldo: 20_000, reservado: 0 });
      expect((await get('/api/cash-outs/pending', customer)).json().saques).toEqual([]);
    });

    it('counts in the customer’s daily sending, fee included', async () => {
      const agent = await makeAgent();
      // Level 1: ₭500 a day. ₭400 (fee ₭15) then ₭100 (fee ₭5) would send ₭520.
      const customer = await seedUser(t, { bonusCentis: 90_000 });
      const first = await start(customer, agent, 40_000);
      expect((await confirm(customer, agent, 40_000, 1_500, first.json().pedido_id)).statusCode).toBe(201);
      const second = await start(customer, agent, 10_000);
      const refused = await confirm(customer, agent, 10_000, 500, second.json().pedido_id);
      expect(refused.json()).toMatchObject({ error: { code: 'daily_limit_reached' } });
      expect(await account(customer.id)).toEqual({ saldo: 90_000, reservado: 41_500 });
    });

    it('refuses a code whose quoted fee the back office changed since, holding nothing and leaving the code unspent', async () => {
      const finance = { cookie: (await operatorSession(t, 'finance')).cookie };
      const publish = (faixas: object[]) =>
        t.app.inject({ method: 'PUT', url: '/api/admin/fees/saque', headers: finance, payload: { faixas } });
      const tables: { operacao: string; faixas: { fixa_centis: number }[] }[] = (
        await t.app.inject({ url: '/api/admin/fees', headers: finance })
      ).json().tabelas;
      const published = tables.find((table) => table.operacao === 'saque')?.faixas ?? [];
      const agent = await makeAgent();
      const customer = await seedUser(t, { bonusCentis: 20_000, documentApproved: true });
      const started = await start(customer, agent, 10_000);
      const requestId: string = started.json().pedido_id;
      expect(started.json().cotacao.tarifa_centis).toBe(500);

      try {
        // ₭100 is in the first band: finance raises it from ₭5 to ₭7 before the customer confirms.
        const raised = published.map((band, i) => (i === 0 ? { ...band, fixa_centis: 700 } : band));
        expect((await publish(raised)).statusCode).toBe(200);
        const refused = await confirm(customer, agent, 10_000, 500, requestId);
        expect([refused.statusCode, refused.json().error]).toMatchObject([
          409,
          { code: 'fee_changed', details: { tarifa_centis: 700 } },
        ]);
        expect(await account(customer.id)).toEqual({ saldo: 20_000, reservado: 0 });
        expect((await get('/api/cash-outs/pending', customer)).json().saques).toEqual([]);
        // The refusal is the fee's, not the code's: the code is neither spent nor counted as a miss.
        const code = await t.database.db
          .selectFrom('codigos_verificacao')
          .select(['usado_em', 'tentativas'])
          .where('sujeito_id', '=', requestId)
          .where('finalidade', '=', 'saque')
          .executeTakeFirstOrThrow();
        expect(code).toEqual({ usado_em: null, tentativas: 0 });
      } finally {
        // The other tests quote the table as migrated.
        expect((await publish(published)).statusCode).toBe(200);
      }
      await expectLedgerSound(t.database.db);
    });

    it('is voided when its agent does not take it in time, racing the hand-over: exactly one wins', async () => {
      const sweeper = new ExpirySweeper(
        t.database.db,
        { info: () => {}, error: () => {} },
        {
          levelLimits: t.config.levelLimits,
        },
      );
      const agent = await makeAgent();
      const customer = await seedUser(t, { bonusCentis: 200_000, documentApproved: true });
      const outcomes = new Set<string>();
      for (let round = 0; round < 6; round++) {
        const started = await start(customer, agent, 10_000);
        const held = await confirm(customer, agent, 10_000, 500, started.json().pedido_id);
        const id: string = held.json().movimentacao_id;
        // Its time runs out within a few milliseconds of the hand-over.
        await sql`update kreyolcash_movimentacoes set expira_em = now() + ${`${round * 4} milliseconds`}::interval
                   where id = ${id}::uuid`.execute(t.database.db);
        const [handed] = await Promise.all([
          post(`/api/me/agent/cash-outs/${id}/hand-over`, agent.user),
          sweeper.sweep(),
        ]);
        const { status } = await t.database.db
          .selectFrom('kreyolcash_movimentacoes')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect([
          { http: 200, status: 'concluida' },
          { http: 409, status: 'expirada' },
        ]).toContainEqual({ http: handed.statusCode, status });
        outcomes.add(status);
      }
      const wallet = await account(customer.id);
      const float = await account(agent.float);
      expect(wallet.reservado + float.reservado).toBe(0);
      // Each posted cash-out moved ₭105 from the wallet (₭5 fee) and ₭102,50 into the float.
      expect(float.saldo % 10_250).toBe(0);
      expect(200_000 - wallet.saldo).toBe((float.saldo / 10_250) * 10_500);
      await expectLedgerSound(t.database.db);
    });
  });
});
