import { AMOUNT_CEILING_CENTIS, todayIsoDate } from '@kreyolcash/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAgentFloat, ledger } from '../../../ledger/ledger.ts';
import { expectLedgerSound } from '../../../test-support/ledger-assertions.ts';
import { checkLedger, seedUser } from '../../../test-support/ledger-fixtures.ts';
import { operatorSession } from '../../../test-support/operators.ts';
import { walkPages } from '../../../test-support/pages.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { testDatabaseKind } from '../../../test-support/test-database.ts';

// Agents' float under four eyes: finance records a bank deposit and proposes an issuance (or a
// redemption for cash), another finance or admin operator approves it, and only then does the
// ledger post the emissao (or resgate), in the approval's own transaction.

let t: TestApp;
type Session = Awaited<ReturnType<typeof operatorSession>>;
let proposer: Session;
let approver: Session;
let admin: Session;
let support: Session;
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp({ AGENTS_ENABLED: 'true' });
  proposer = await operatorSession(t, 'finance');
  approver = await operatorSession(t, 'finance');
  admin = await operatorSession(t, 'admin');
  support = await operatorSession(t, 'support');
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await t.close();
});

const closed = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };

function post(url: string, as: Session, payload: object = {}) {
  return t.app.inject({ method: 'POST', url: `/api/admin${url}`, headers: { cookie: as.cookie }, payload });
}

type Agent = { id: string; numero: number; conta_id: string; user_id: string };

/** An agent made as support makes one: a level-2 person, an empty float of its own. */
async function makeAgent(): Promise<Agent> {
  const person = await seedUser(t, { documentApproved: true });
  const res = await post('/agents', support, {
    user_id: person.id,
    nome_comercial: 'Boutik Float',
    comuna: 'petion-ville',
    endereco: '1, Rue Lamarre',
    horario: closed,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().agente as Agent;
}

const reference = () => {
  sequence += 1;
  return `BNC-${Date.now() % 1_000_000}-${sequence}`;
};

async function proposeIssuance(agent: Agent, amount: number, as = proposer) {
  const res = await post('/floats/issuances', as, {
    agente: String(agent.numero),
    quantidade_centis: amount,
    referencia: reference(),
    data_deposito: todayIsoDate(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().operacao as { id: string; status: string; referencia: string };
}

async function issued(agent: Agent, amount: number) {
  const operacao = await proposeIssuance(agent, amount);
  const res = await post(`/floats/${operacao.id}/approve`, approver);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().operacao as { id: string; movimentacao_id: string };
}

async function proposeRedemption(agent: Agent, amount: number) {
  const res = await post('/floats/redemptions', proposer, {
    agente: agent.id,
    quantidade_centis: amount,
    referencia: reference(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().operacao as { id: string; status: string };
}

const floatOf = async (agent: Agent) => findAgentFloat(t.database.db, agent.conta_id);

const movementsOf = (agent: Agent) =>
  t.database.db
    .selectFrom('kreyolcash_movimentacoes')
    .select(['id', 'tipo', 'quantidade_centis', 'conta_debito', 'conta_credito', 'ator'])
    .where((eb) => eb.or([eb('conta_debito', '=', agent.conta_id), eb('conta_credito', '=', agent.conta_id)]))
    .orderBy('criado_em')
    .execute();

const auditOf = (id: string) =>
  t.database.db
    .selectFrom('auditoria')
    .select(['acao', 'operador_id', 'usuario_id', 'antes', 'depois', 'motivo'])
    .where('alvo_id', '=', id)
    .orderBy('id')
    .execute();

const proposalsOf = (agent: Agent) =>
  t.database.db.selectFrom('operacoes_float').selectAll().where('agente_id', '=', agent.id).execute();

describe(`agents' float issued and redeemed under four eyes on ${testDatabaseKind}`, () => {
  it('issues float against a bank deposit only when a second operator approves: one emissao, the float rises', async () => {
    const agent = await makeAgent();
    const before = await checkLedger(t.database.db);
    const operacao = await proposeIssuance(agent, 250_000);
    expect(operacao).toMatchObject({ status: 'proposto', tipo: 'emissao', agente_id: agent.id });
    expect(await movementsOf(agent)).toEqual([]);

    // Four eyes: not its proposer, not support; support cannot propose either.
    const own = await post(`/floats/${operacao.id}/approve`, proposer);
    expect([own.statusCode, own.json().error.code]).toEqual([403, 'own_float_approval']);
    const ownReject = await post(`/floats/${operacao.id}/reject`, proposer, { motivo: 'non' });
    expect([ownReject.statusCode, ownReject.json().error.code]).toEqual([403, 'own_float_approval']);
    for (const [url, payload] of [
      [`/floats/${operacao.id}/approve`, {}],
      [
        '/floats/issuances',
        { agente: agent.id, quantidade_centis: 1, referencia: 'X', data_deposito: '2026-01-01' },
      ],
      ['/floats/redemptions', { agente: agent.id, quantidade_centis: 1, referencia: 'X' }],
    ] as const) {
      const res = await post(url, support, payload);
      expect([res.statusCode, res.json().error.code], url).toEqual([403, 'forbidden']);
    }
    // The database refuses the proposer's own decision too, whatever the code does.
    await expect(
      sql`update operacoes_float set status = 'rejeitado', decidido_por = ${proposer.operator.id}, decidido_em = now()
           where id = ${operacao.id}`.execute(t.database.db),
    ).rejects.toThrow(/operacoes_float_quatro_olhos/);

    const queue = await t.app.inject({
      url: '/api/admin/floats?status=proposto',
      headers: { cookie: admin.cookie },
    });
    expect(queue.json().items).toContainEqual(
      expect.objectContaining({
        id: operacao.id,
        agente_numero: agent.numero,
        proposto_por_nome: proposer.operator.name,
      }),
    );

    const res = await post(`/floats/${operacao.id}/approve`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const approved = res.json().operacao;
    expect(approved).toMatchObject({ status: 'aprovado', decidido_por: admin.operator.id });
    expect(await movementsOf(agent)).toEqual([
      {
        id: approved.movimentacao_id,
        tipo: 'emissao',
        quantidade_centis: 250_000,
        conta_debito: '00000000-0000-4000-8000-000000000001',
        conta_credito: agent.conta_id,
        ator: `operator:${admin.operator.id}`,
      },
    ]);
    expect(await floatOf(agent)).toEqual({
      saldo_centis: 250_000,
      reservado_centis: 0,
      disponivel_centis: 250_000,
    });
    const after = await checkLedger(t.database.db);
    expect(after.issuedCentis - before.issuedCentis).toBe(250_000);
    expect(after.problems).toEqual([]);
    expect((await auditOf(operacao.id)).map((a) => [a.acao, a.operador_id, a.usuario_id])).toEqual([
      ['float.propose', proposer.operator.id, agent.user_id],
      ['float.approve', admin.operator.id, agent.user_id],
    ]);

    // Decided: no second decision.
    const again = await post(`/floats/${operacao.id}/approve`, approver);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'float_operation_not_pending']);
    expect(await movementsOf(agent)).toHaveLength(1);
  });

  it('refuses a deposit already used, a date in the future, bad amounts and references, and keeps nothing', async () => {
    const agent = await makeAgent();
    const used = await proposeIssuance(agent, 1_000);
    const audits = async () =>
      (await t.database.db.selectFrom('auditoria').select('id').where('acao', '=', 'float.propose').execute())
        .length;
    const auditsBefore = await audits();
    const tomorrow = todayIsoDate(new Date(Date.now() + 36 * 3_600_000));
    const base = {
      agente: agent.id,
      quantidade_centis: 500,
      referencia: 'BNC-OK-1',
      data_deposito: todayIsoDate(),
    };
    for (const [body, status, code] of [
      // The same deposit, however its reference is typed.
      [{ ...base, referencia: ` ${used.referencia.toLowerCase()} ` }, 409, 'deposit_reference_taken'],
      [{ ...base, data_deposito: tomorrow }, 422, 'deposit_date_in_future'],
      [{ ...base, data_deposito: '2026-02-30' }, 422, 'deposit_date_invalid'],
      [{ ...base, data_deposito: '28/11/2026' }, 422, 'deposit_date_invalid'],
      [{ ...base, quantidade_centis: 0 }, 422, 'invalid_amount'],
      [{ ...base, quantidade_centis: -500 }, 422, 'invalid_amount'],
      [{ ...base, quantidade_centis: 2.5 }, 422, 'invalid_amount'],
      [{ ...base, quantidade_centis: '500' }, 422, 'invalid_amount'],
      [{ ...base, quantidade_centis: AMOUNT_CEILING_CENTIS + 1 }, 422, 'amount_too_large'],
      [{ ...base, referencia: '   ' }, 422, 'float_reference_invalid'],
      [{ ...base, referencia: 'R'.repeat(61) }, 422, 'float_reference_invalid'],
      [{ ...base, agente: '99999' }, 404, 'agent_not_found'],
      [{ ...base, agente: 'nobody' }, 404, 'agent_not_found'],
    ] as const) {
      const res = await post('/floats/issuances', proposer, body);
      expect([res.statusCode, res.json().error.code], JSON.stringify(body)).toEqual([status, code]);
    }
    const redemption = await post('/floats/redemptions', proposer, {
      agente: agent.id,
      quantidade_centis: 0,
      referencia: 'R',
    });
    expect(redemption.json().error.code).toBe('invalid_amount');
    expect(await proposalsOf(agent)).toHaveLength(1);
    expect(await audits()).toBe(auditsBefore);
    expect(await movementsOf(agent)).toEqual([]);

    // A rejected issuance gives its deposit back; the reason is required.
    const noReason = await post(`/floats/${used.id}/reject`, approver, { motivo: ' ' });
    expect(noReason.json().error.code).toBe('reason_required');
    const rejected = await post(`/floats/${used.id}/reject`, approver, { motivo: 'Montan an pa bon' });
    expect(rejected.json().operacao).toMatchObject({
      status: 'rejeitado',
      decisao_motivo: 'Montan an pa bon',
    });
    expect((await auditOf(used.id)).at(-1)).toMatchObject({
      acao: 'float.reject',
      motivo: 'Montan an pa bon',
    });
    const reused = await post('/floats/issuances', proposer, { ...base, referencia: used.referencia });
    expect(reused.statusCode, reused.body).toBe(201);
  });

  it('refuses at the approval an issuance that would take the money issued past the ceiling, and keeps it proposed', async () => {
    const agent = await makeAgent();
    const operacao = await proposeIssuance(agent, AMOUNT_CEILING_CENTIS);
    const res = await post(`/floats/${operacao.id}/approve`, approver);
    expect([res.statusCode, res.json().error.code]).toEqual([422, 'amount_too_large']);
    expect((await proposalsOf(agent))[0]).toMatchObject({ status: 'proposto', movimentacao_id: null });
    expect(await movementsOf(agent)).toEqual([]);
  });

  it('two operators approving one issuance at once: exactly one posts it', async () => {
    const agent = await makeAgent();
    const operacao = await proposeIssuance(agent, 40_000);
    const answers = await Promise.all([
      post(`/floats/${operacao.id}/approve`, approver),
      post(`/floats/${operacao.id}/approve`, admin),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json().error.code).toBe('float_operation_not_pending');
    expect(await movementsOf(agent)).toHaveLength(1);
    expect((await floatOf(agent))?.saldo_centis).toBe(40_000);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('redeems only what the float can give: short, it is refused and nothing changes', async () => {
    const agent = await makeAgent();
    await issued(agent, 10_000);
    const tooMuch = await proposeRedemption(agent, 10_001);
    const refused = await post(`/floats/${tooMuch.id}/approve`, approver);
    expect([refused.statusCode, refused.json().error.code]).toEqual([422, 'insufficient_balance']);
    expect((await proposalsOf(agent)).find((p) => p.id === tooMuch.id)).toMatchObject({
      status: 'proposto',
      movimentacao_id: null,
    });
    expect((await auditOf(tooMuch.id)).map((a) => a.acao)).toEqual(['float.propose']);
    expect((await floatOf(agent))?.saldo_centis).toBe(10_000);

    const fits = await proposeRedemption(agent, 6_000);
    const res = await post(`/floats/${fits.id}/approve`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const movements = await movementsOf(agent);
    expect(movements.at(-1)).toMatchObject({
      tipo: 'resgate',
      quantidade_centis: 6_000,
      conta_debito: agent.conta_id,
      conta_credito: '00000000-0000-4000-8000-000000000001',
    });
    expect(await floatOf(agent)).toEqual({
      saldo_centis: 4_000,
      reservado_centis: 0,
      disponivel_centis: 4_000,
    });

    // The agent's history, latest first, by number.
    const history = await t.app.inject({
      url: `/api/admin/floats?agente=${agent.numero}`,
      headers: { cookie: proposer.cookie },
    });
    expect(
      history.json().items.map((i: { tipo: string; status: string }) => `${i.tipo} ${i.status}`),
    ).toEqual(['resgate aprovado', 'resgate proposto', 'emissao aprovado']);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('many redemptions and cash-ins on one float at once: it never goes below zero and the ledger stays sound', async () => {
    const agent = await makeAgent();
    await issued(agent, 100_000);
    const customers = await Promise.all(
      Array.from({ length: 4 }, () => seedUser(t, { documentApproved: true })),
    );
    const redemptions = [];
    for (let i = 0; i < 8; i += 1) redemptions.push(await proposeRedemption(agent, 15_000));
    const approvers = [approver, admin];
    const results = await Promise.all([
      ...redemptions.map((r, i) => post(`/floats/${r.id}/approve`, approvers[i % 2] as Session)),
      // Cash-ins: the float pays a customer who handed over cash.
      ...Array.from({ length: 12 }, (_, i) =>
        ledger.postLegs(t.app.deps, {
          movementKind: 'deposito',
          legs: [
            {
              debitAccountId: agent.conta_id,
              creditAccountId: (customers[i % customers.length] as { id: string }).id,
              amountCentis: 7_000,
            },
          ],
          note: null,
        }),
      ),
    ]);
    const approvals = results.slice(0, redemptions.length) as Awaited<ReturnType<typeof post>>[];
    const cashIns = results.slice(redemptions.length) as Awaited<ReturnType<typeof ledger.postLegs>>[];
    for (const r of approvals) {
      expect([200, 422], r.body).toContain(r.statusCode);
      if (r.statusCode === 422) expect(r.json().error.code).toBe('insufficient_balance');
    }
    for (const c of cashIns) if (!c.ok) expect(c.error).toBe('insufficient_balance');
    const redeemed = approvals.filter((r) => r.statusCode === 200).length * 15_000;
    const paid = cashIns.filter((c) => c.ok).length * 7_000;
    // 8 × ₭150 + 12 × ₭70 asked of a ₭1 000 float: some were refused, none overdrew it.
    expect(redeemed + paid).toBeLessThanOrEqual(100_000);
    expect(redeemed + paid).toBeGreaterThan(100_000 - 15_000);
    const float = await floatOf(agent);
    expect(float?.saldo_centis).toBe(100_000 - redeemed - paid);
    expect(float?.saldo_centis).toBeGreaterThanOrEqual(0);
    const proposals = await proposalsOf(agent);
    expect(proposals.filter((p) => p.tipo === 'resgate' && p.status === 'aprovado')).toHaveLength(
      redeemed / 15_000,
    );
    expect(proposals.filter((p) => p.tipo === 'resgate' && p.status === 'proposto')).toHaveLength(
      8 - redeemed / 15_000,
    );
    await expectLedgerSound(t.database.db);
  });

  it('pages an agent’s history latest first and the queue oldest first, each once, with how many', async () => {
    const agent = await makeAgent();
    const mine = [
      (await issued(agent, 1_000)).id,
      (await proposeIssuance(agent, 2_000)).id,
      (await proposeIssuance(agent, 3_000)).id,
    ];
    // The two waiting ones share an instant, which only their ids order.
    await sql`update operacoes_float set criado_em = '2026-01-01T00:00:00Z' where id = ${mine[0]}`.execute(
      t.database.db,
    );
    await sql`update operacoes_float set criado_em = '2026-01-02T00:00:00Z' where id = any(${mine.slice(1)}::uuid[])`.execute(
      t.database.db,
    );
    const list = (filter: string) => async (query: string) =>
      (
        await t.app.inject({ url: `/api/admin/floats?${filter}&${query}`, headers: { cookie: admin.cookie } })
      ).json();
    const waiting = mine.slice(1).sort();
    for (const limit of [1, 2]) {
      expect(await walkPages(list(`agente=${agent.numero}`), limit)).toEqual([
        ...[...waiting].reverse(),
        mine[0],
      ]);
      expect(await walkPages(list(`agente=${agent.numero}&status=proposto`), limit)).toEqual(waiting);
      expect(await walkPages(list(`agente=${agent.numero}&tipo=resgate`), limit)).toEqual([]);
    }
  });

  it('shows people what one ₭ is worth in gourdes', async () => {
    const person = await seedUser(t);
    const res = await t.app.inject({
      url: '/api/fees/rate',
      headers: { authorization: `Bearer ${person.accessToken}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ moeda: 'HTG', htg_por_kc_bp: 10_000 });
  });
});

describe('with AGENTS_ENABLED off', () => {
  it('has no float routes', async () => {
    const off = await createTestApp();
    try {
      const finance = await operatorSession(off, 'finance');
      const res = await off.app.inject({ url: '/api/admin/floats', headers: { cookie: finance.cookie } });
      expect(res.statusCode).toBe(404);
      const document = off.app.swagger() as { paths: Record<string, unknown> };
      expect(Object.keys(document.paths).filter((path) => path.includes('floats'))).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
