import { randomUUID } from 'node:crypto';
import { todayIsoDate } from '@kreyolcash/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExpirySweeper } from '../../ledger/ledger.ts';
import { expectLedgerSound } from '../../test-support/ledger-assertions.ts';
import {
  checkLedger,
  codeForMovement,
  type SeededUser,
  seedUser,
} from '../../test-support/ledger-fixtures.ts';
import { type CreatedProduct, createCompanyAs, createProductAs } from '../../test-support/marketplace.ts';
import { operatorSession } from '../../test-support/operators.ts';
import { seededRandom, seedFrom } from '../../test-support/seeded-random.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

// Cash in and out at agents mixed into transfers and purchases, all at once, with the expiry
// sweeper voiding cash-outs whose agent did not take them and finance redeeming float for cash:
// whatever the interleaving, every answer is a success or a named refusal, no float or wallet goes
// negative, nothing stays reserved but a pending hold, and the ledger check (the backing of the
// money in circulation included) finds nothing.

const AGENTS = 3;
const CUSTOMERS = 8;
const FLOAT_CENTIS = 150_000;
const ROUNDS = 4;
const PER_ROUND = 22;

const allDay = [{ abre: '00:00', fecha: '24:00' }];
const always = { mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay, sun: allDay };
const bearer = (u: { accessToken: string }) => ({ authorization: `Bearer ${u.accessToken}` });
/** The refusals a race among these flows may meet: each is the app saying no, never failing. */
const EXPECTED_REFUSALS = new Set([
  'insufficient_balance',
  'transaction_not_pending',
  'daily_limit_reached',
  'monthly_limit_reached',
  'balance_limit_reached',
]);

type Agent = { user: SeededUser; id: string; numero: number; float: string };
type Session = Awaited<ReturnType<typeof operatorSession>>;

describe(`cash in and out mixed into transfers and purchases on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let proposer: Session;
  let approver: Session;
  let agents: Agent[];
  let customers: SeededUser[];
  let products: CreatedProduct[];
  let references = 0;

  const post = (url: string, user: { accessToken: string }, payload?: object, headers: object = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(user), ...headers },
      ...(payload ? { payload } : {}),
    });
  const admin = (url: string, as: Session, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/admin${url}`, headers: { cookie: as.cookie }, payload });
  const reference = () => {
    references += 1;
    return `BNC-${Date.now() % 1_000_000}-${references}`;
  };

  beforeAll(async () => {
    // Real level limits: a daily or balance limit reached mid-race is one of the outcomes.
    t = await createTestApp({ AGENTS_ENABLED: 'true', RATE_LIMIT_MULTIPLIER: '10000' });
    const support = await operatorSession(t, 'support');
    proposer = await operatorSession(t, 'finance');
    approver = await operatorSession(t, 'finance');
    agents = [];
    for (let i = 0; i < AGENTS; i++) {
      const user = await seedUser(t, { documentApproved: true });
      const made = await admin('/agents', support, {
        user_id: user.id,
        nome_comercial: `Boutik Konkou ${i + 1}`,
        comuna: 'hinche',
        endereco: 'Ri Lamè',
        horario: always,
      });
      expect(made.statusCode, made.body).toBe(201);
      const agente = made.json().agente as { id: string; numero: number; conta_id: string };
      // Funded as finance funds a float: a bank deposit proposed, then approved by another.
      const proposed = await admin('/floats/issuances', proposer, {
        agente: String(agente.numero),
        quantidade_centis: FLOAT_CENTIS,
        referencia: reference(),
        data_deposito: todayIsoDate(),
      });
      expect(proposed.statusCode, proposed.body).toBe(201);
      const approved = await admin(`/floats/${proposed.json().operacao.id}/approve`, approver);
      expect(approved.statusCode, approved.body).toBe(200);
      agents.push({ user, id: agente.id, numero: agente.numero, float: agente.conta_id });
    }
    customers = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      customers.push(await seedUser(t, { bonusCentis: 40_000, documentApproved: i % 2 === 0 }));
    }
    products = [];
    for (const owner of customers.slice(0, 2)) {
      const signedIn = { ...owner, refreshCookie: '' };
      const company = await createCompanyAs(t, signedIn);
      products.push(await createProductAs(t, signedIn, company.id, { preco_centis: 700, estoque: 10_000 }));
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps every float and wallet non-negative, money conserved and the ledger check clean', async () => {
    const seed = seedFrom('CASH_MIX_SEED');
    const rand = seededRandom(seed);
    const pick = <T>(items: T[]): T => items[Math.floor(rand() * items.length)] as T;
    const amount = (min: number, max: number) => min + Math.floor(rand() * (max - min));
    const sweeper = new ExpirySweeper(
      t.database.db,
      { info: () => {}, error: () => {} },
      { levelLimits: t.config.levelLimits },
    );
    const outcomes: Record<string, number> = {};
    const unexpected: { what: string; status: number; body: string }[] = [];
    let floatDelta = 0;

    /** Tallies one answer; true when it succeeded. Anything else must be a named, expected refusal. */
    const answer = (
      what: string,
      res: { statusCode: number; body: string; json: () => { error?: { code?: string } } },
    ): boolean => {
      if (res.statusCode === 200 || res.statusCode === 201) {
        outcomes[`${what} ok`] = (outcomes[`${what} ok`] ?? 0) + 1;
        return true;
      }
      const code = res.statusCode < 500 ? res.json()?.error?.code : undefined;
      if (code === undefined || !EXPECTED_REFUSALS.has(code))
        unexpected.push({ what, status: res.statusCode, body: res.body });
      outcomes[`${what} ${code ?? res.statusCode}`] =
        (outcomes[`${what} ${code ?? res.statusCode}`] ?? 0) + 1;
      return false;
    };
    const other = (customer: SeededUser) => {
      const rest = customers.filter((c) => c !== customer);
      return pick(rest);
    };

    const cashIn = async (cancel: boolean) => {
      const agent = pick(agents);
      const customer = pick(customers);
      const started = await post('/api/me/agent/cash-ins', agent.user, {
        telefone: customer.telefone.slice(4),
        quantidade_centis: amount(1_000, 30_000),
      });
      if (!answer('cash-in start', started)) return;
      const id = started.json().movimentacao_id as string;
      if (cancel) {
        answer('cash-in cancel', await post(`/api/me/agent/cash-ins/${id}/cancel`, agent.user));
        return;
      }
      const codigo = await codeForMovement(t, id);
      answer('cash-in confirm', await post(`/api/me/agent/cash-ins/${id}/confirm`, agent.user, { codigo }));
    };

    /** A cash-out the customer holds, then: handed over, cancelled by the customer, or left to expire. */
    const cashOut = async (then: 'hand-over' | 'cancel' | 'expire') => {
      const agent = pick(agents);
      const customer = pick(customers);
      const quantidade_centis = amount(1_000, 25_000);
      const started = await post('/api/cash-outs', customer, {
        agente_numero: agent.numero,
        quantidade_centis,
      });
      if (!answer('cash-out start', started)) return;
      const pedido = started.json().pedido_id as string;
      const held = await post(`/api/cash-outs/${pedido}/confirm`, customer, {
        agente_numero: agent.numero,
        quantidade_centis,
        tarifa_centis: started.json().cotacao.tarifa_centis,
        codigo: await codeForMovement(t, pedido),
      });
      if (!answer('cash-out confirm', held)) return;
      const id = held.json().movimentacao_id as string;
      if (then === 'cancel') {
        answer('cash-out cancel', await post(`/api/cash-outs/${id}/cancel`, customer));
        return;
      }
      if (then === 'expire') {
        // Its agent's time runs out now; the sweep and a late hand-over race for it.
        await sql`update kreyolcash_movimentacoes set expira_em = now() where id = ${id}::uuid`.execute(
          t.database.db,
        );
        await sweeper.sweep();
      }
      answer('cash-out hand-over', await post(`/api/me/agent/cash-outs/${id}/hand-over`, agent.user));
    };

    const transfer = async () => {
      const payer = pick(customers);
      const headers = { 'idempotency-key': randomUUID() };
      const started = await post(
        '/api/transfers',
        payer,
        { destinatario_email: other(payer).email, quantidade_centis: amount(500, 10_000) },
        headers,
      );
      if (!answer('transfer start', started)) return;
      const id = started.json().movimentacao_id as string;
      const codigo = await codeForMovement(t, id);
      answer('transfer verify', await post(`/api/transfers/${id}/verify`, payer, { codigo }, headers));
    };

    const purchase = async () => {
      const product = pick(products);
      const buyer = pick(customers.slice(2));
      const started = await post(
        '/api/purchases',
        buyer,
        { produto_id: product.id, quantidade: amount(1, 4) },
        { 'idempotency-key': randomUUID() },
      );
      if (!answer('purchase start', started)) return;
      const sale = started.json().venda_id as string;
      const codigo = await codeForMovement(t, sale);
      answer('purchase verify', await post(`/api/purchases/${sale}/verify`, buyer, { codigo }));
    };

    const redemption = async () => {
      const agent = pick(agents);
      const quantidade_centis = amount(5_000, 60_000);
      const proposed = await admin('/floats/redemptions', proposer, {
        agente: agent.id,
        quantidade_centis,
        referencia: reference(),
      });
      expect(proposed.statusCode, proposed.body).toBe(201);
      const approved = await admin(`/floats/${proposed.json().operacao.id}/approve`, approver);
      if (answer('redemption approve', approved)) floatDelta -= quantidade_centis;
    };

    const operations: (() => Promise<void>)[] = [
      () => cashIn(false),
      () => cashIn(false),
      () => cashIn(true),
      () => cashOut('hand-over'),
      () => cashOut('hand-over'),
      () => cashOut('cancel'),
      () => cashOut('expire'),
      transfer,
      transfer,
      purchase,
      redemption,
    ];
    const before = await checkLedger(t.database.db);
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all([...Array.from({ length: PER_ROUND }, () => pick(operations)()), sweeper.sweep()]);
    }
    // Whatever a race left held is voided by the sweep once its time is up.
    await sql`update kreyolcash_movimentacoes set expira_em = now() where status = 'pendente'`.execute(
      t.database.db,
    );
    await sweeper.sweep();

    console.table({ seed, ...outcomes });
    expect(unexpected).toEqual([]);
    const after = await checkLedger(t.database.db);
    expect(after.negativeBalances).toBe(0);
    expect(after.mismatchedUsers).toBe(0);
    expect(after.reservedCentis).toBe(0);
    expect(after.pendingCentis).toBe(0);
    // Money moved only between accounts; only an approved redemption took it out of circulation.
    expect(after.issuedCentis).toBe(before.issuedCentis + floatDelta);
    expect(after.balancesCentis).toBe(after.issuedCentis);
    const issuer = await t.database.db
      .selectFrom('kreyolcash_contas')
      .select((eb) => eb.fn.sum<string>('saldo_centis').as('saldo'))
      .where('tipo', '=', 'emissor')
      .executeTakeFirstOrThrow();
    expect(Number(issuer.saldo)).toBe(-after.issuedCentis);
    const floats = await t.database.db
      .selectFrom('kreyolcash_contas')
      .select(['saldo_centis', 'reservado_centis'])
      .where(
        'id',
        'in',
        agents.map((a) => a.float),
      )
      .execute();
    for (const float of floats) {
      expect(Number(float.saldo_centis)).toBeGreaterThanOrEqual(0);
      expect(Number(float.reservado_centis)).toBe(0);
    }
    await expectLedgerSound(t.database.db);
  }, 120_000);
});
