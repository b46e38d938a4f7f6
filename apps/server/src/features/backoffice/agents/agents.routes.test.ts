import type { OperatorRole } from '@kreyolcash/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../../../test-support/ledger-assertions.ts';
import { type SeededUser, seedUser } from '../../../test-support/ledger-fixtures.ts';
import { seedAgentAccount } from '../../../test-support/movement-legs.ts';
import { operatorSession } from '../../../test-support/operators.ts';
import { walkPages } from '../../../test-support/pages.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { testDatabaseKind } from '../../../test-support/test-database.ts';

// Support makes a level-2 user an agent: a number people type, a float account of its own (empty,
// apart from the personal wallet), an audit row; and refuses anyone else with a named code,
// changing nothing.

const closed = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const weekdays = {
  ...closed,
  mon: [
    { abre: '08:00', fecha: '12:00' },
    { abre: '13:00', fecha: '17:00' },
  ],
  sat: [{ abre: '09:00', fecha: '13:00' }],
};

describe(`making agents in the back office on ${testDatabaseKind}`, () => {
  let t: TestApp;
  const cookies = {} as Record<OperatorRole, string>;
  const operatorIds = {} as Record<OperatorRole, string>;
  beforeAll(async () => {
    t = await createTestApp({ AGENTS_ENABLED: 'true' });
    for (const role of ['support', 'compliance', 'finance', 'admin'] as const) {
      const session = await operatorSession(t, role);
      cookies[role] = session.cookie;
      operatorIds[role] = session.operator.id;
    }
  });
  afterAll(async () => t.close());

  const asOperator = (role: OperatorRole, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/admin${url}`, headers: { cookie: cookies[role] }, payload });
  const levelTwo = () => seedUser(t, { documentApproved: true });
  const request = (user: { id: string }, over: object = {}) => ({
    user_id: user.id,
    nome_comercial: 'Boutik Ti Jan',
    comuna: 'petion-ville',
    endereco: '12, Rue Grégoire',
    horario: weekdays,
    ...over,
  });
  const footprint = async () => ({
    agents: (await t.database.db.selectFrom('agentes').select('id').execute()).length,
    floats: (
      await t.database.db.selectFrom('kreyolcash_contas').select('id').where('tipo', '=', 'agente').execute()
    ).length,
    audits: (
      await t.database.db.selectFrom('auditoria').select('id').where('acao', '=', 'agent.create').execute()
    ).length,
  });

  it('makes a level-2 user an agent with a number, an empty float of its own and an audit row', async () => {
    const user = await levelTwo();
    const res = await asOperator('support', 'POST', '/agents', request(user));
    expect(res.statusCode).toBe(201);
    const { agente, float } = res.json();
    expect(agente).toMatchObject({
      user_id: user.id,
      nome_completo: user.nome,
      telefone: user.telefone,
      nome_comercial: 'Boutik Ti Jan',
      comuna: 'petion-ville',
      endereco: '12, Rue Grégoire',
      horario: weekdays,
      pausado_em: null,
      criado_por: operatorIds.support,
    });
    expect(agente.numero).toBeGreaterThanOrEqual(10001);
    expect(agente.numero).toBeLessThanOrEqual(99999);
    expect(float).toEqual({ saldo_centis: 0, reservado_centis: 0, disponivel_centis: 0 });
    // The float is an account of its own, owned by the agent, apart from the personal wallet.
    expect(agente.conta_id).not.toBe(user.id);
    const account = await t.database.db
      .selectFrom('kreyolcash_contas')
      .selectAll()
      .where('id', '=', agente.conta_id)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ tipo: 'agente', user_id: user.id });
    const audit = await t.database.db
      .selectFrom('auditoria')
      .selectAll()
      .where('alvo_id', '=', agente.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      acao: 'agent.create',
      alvo_tipo: 'agente',
      operador_id: operatorIds.support,
      usuario_id: user.id,
    });
    // The personal wallet is untouched.
    const wallet = await t.app.inject({
      method: 'GET',
      url: '/api/wallet',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(wallet.json().saldo_centis).toBe(10_000);
    await expectLedgerSound(t.database.db);
  });

  it('gives the next agent the next number, and admin may make one too', async () => {
    const first = (await asOperator('support', 'POST', '/agents', request(await levelTwo()))).json().agente;
    const res = await asOperator('admin', 'POST', '/agents', request(await levelTwo(), { comuna: 'jacmel' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().agente.numero).toBe(first.numero + 1);
  });

  it('refuses, with a named code and changing nothing, whoever cannot be an agent', async () => {
    const agent = await levelTwo();
    expect((await asOperator('support', 'POST', '/agents', request(agent))).statusCode).toBe(201);
    const levelOne = await seedUser(t);
    const levelZero = await seedUser(t, { phoneProven: false, documentApproved: true });
    const frozen = await levelTwo();
    await t.database.db
      .updateTable('usuarios')
      .set({ congelado_em: new Date(), congelado_por: 'operador', congelado_categoria: 'outro' })
      .where('id', '=', frozen.id)
      .execute();
    const blocked = await levelTwo();
    await t.database.db
      .updateTable('usuarios')
      .set({ status: 'INATIVO' })
      .where('id', '=', blocked.id)
      .execute();
    const fine = await levelTwo();
    const before = await footprint();
    const cases: [SeededUser | { id: string }, object, number, string][] = [
      [levelOne, {}, 422, 'agent_level_required'],
      [levelZero, {}, 422, 'agent_level_required'],
      [agent, {}, 409, 'already_an_agent'],
      [frozen, {}, 403, 'account_frozen'],
      [blocked, {}, 403, 'account_blocked'],
      [{ id: '00000000-0000-4000-8000-0000000000ff' }, {}, 404, 'user_not_found'],
      [fine, { comuna: 'miami' }, 422, 'commune_invalid'],
      [fine, { comuna: 'Jacmel' }, 422, 'commune_invalid'],
      [
        fine,
        { horario: { ...closed, mon: [{ abre: '17:00', fecha: '08:00' }] } },
        422,
        'agent_hours_invalid',
      ],
      [fine, { horario: { ...closed, tue: [{ abre: '8h', fecha: '12:00' }] } }, 422, 'agent_hours_invalid'],
      [
        fine,
        {
          horario: {
            ...closed,
            wed: [
              { abre: '08:00', fecha: '12:00' },
              { abre: '11:00', fecha: '14:00' },
            ],
          },
        },
        422,
        'agent_hours_invalid',
      ],
    ];
    for (const [user, over, status, code] of cases) {
      const res = await asOperator('support', 'POST', '/agents', request(user, over));
      expect(res.statusCode, code).toBe(status);
      expect(res.json().error.code).toBe(code);
    }
    expect(await footprint()).toEqual(before);
    await expectLedgerSound(t.database.db);
  });

  it('keeps only the visible characters of the business name and the address', async () => {
    const res = await asOperator(
      'support',
      'POST',
      '/agents',
      request(await levelTwo(), {
        nome_comercial: ' Boutik\u202E Ti\u200B Jan ',
        endereco: 'Ri\u0007 Lamè\n12',
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().agente).toMatchObject({ nome_comercial: 'Boutik Ti Jan', endereco: 'Ri Lamè 12' });
    for (const [field, code] of [
      ['nome_comercial', 'company_name_required'],
      ['endereco', 'fill_all_fields'],
    ] as const) {
      const blank = await asOperator(
        'support',
        'POST',
        '/agents',
        request(await levelTwo(), { [field]: ' \u200B ' }),
      );
      expect(blank.statusCode).toBe(422);
      expect(blank.json().error.fields).toEqual({ [field]: code });
    }
  });

  it('lets only support and admin make, list and read agents', async () => {
    const user = await levelTwo();
    for (const role of ['compliance', 'finance'] as const) {
      expect((await asOperator(role, 'POST', '/agents', request(user))).statusCode).toBe(403);
      expect((await asOperator(role, 'GET', '/agents')).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/agents' })).statusCode).toBe(401);
  });

  it('lists agents by commune, newest first, and shows one with its float', async () => {
    const a = (
      await asOperator('support', 'POST', '/agents', request(await levelTwo(), { comuna: 'les-cayes' }))
    ).json().agente;
    const b = (
      await asOperator('support', 'POST', '/agents', request(await levelTwo(), { comuna: 'les-cayes' }))
    ).json().agente;
    const list = await asOperator('support', 'GET', '/agents?comuna=les-cayes');
    expect(list.statusCode).toBe(200);
    expect(list.json().agentes.map((x: { id: string }) => x.id)).toEqual([b.id, a.id]);
    const all = (await asOperator('admin', 'GET', '/agents')).json().agentes;
    expect(all.map((x: { id: string }) => x.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(all.length).toBeGreaterThan(2);
    // A page at a time: every agent once, newest first, as many as the count says.
    const read = async (query: string) => {
      const page = (await asOperator('admin', 'GET', `/agents?${query}`)).json();
      return { items: page.agentes, total: page.total, next_cursor: page.next_cursor };
    };
    expect(await walkPages(read, 1)).toEqual(all.map((x: { id: string }) => x.id));
    const inCommune = async (query: string) => read(`comuna=les-cayes&${query}`);
    expect(await walkPages(inCommune, 1)).toEqual([b.id, a.id]);
    const bad = await asOperator('support', 'GET', '/agents?comuna=nowhere');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.code).toBe('commune_invalid');

    const one = await asOperator('support', 'GET', `/agents/${a.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({
      agente: a,
      float: { saldo_centis: 0, reservado_centis: 0, disponivel_centis: 0 },
    });
    for (const id of ['00000000-0000-4000-8000-0000000000ff', 'not-an-id']) {
      const res = await asOperator('support', 'GET', `/agents/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('agent_not_found');
    }
  });

  it("keeps in the database an agent's float its own 'agente' account, and its hours seven days", async () => {
    const [user, other] = [await levelTwo(), await levelTwo()];
    const othersFloat = (await asOperator('support', 'POST', '/agents', request(other))).json().agente
      .conta_id;
    const row = (conta_id: string, horario: object = weekdays) => ({
      usuario_id: user.id,
      conta_id,
      nome_comercial: 'Boutik',
      comuna: 'delmas',
      endereco: 'Delmas 33',
      horario: JSON.stringify(horario),
      criado_por: operatorIds.support,
    });
    const refused = (values: ReturnType<typeof row>) =>
      t.database.db.transaction().execute((trx) => trx.insertInto('agentes').values(values).execute());
    // The personal wallet is not a float, and neither is another agent's float.
    await expect(refused(row(user.id))).rejects.toThrow(/agentes_conta_propria/);
    await expect(refused(row(othersFloat))).rejects.toThrow(/agentes_conta_propria|agentes_conta_id_key/);
    // With a float of its own, the shapes are still checked.
    const ownFloat = await seedAgentAccount(t, user);
    const { sun: _sun, ...sixDays } = weekdays;
    await expect(refused({ ...row(ownFloat), horario: JSON.stringify(sixDays) })).rejects.toThrow(
      /agentes_horario_check/,
    );
    await expect(
      refused({ ...row(ownFloat), horario: JSON.stringify({ ...weekdays, mon: 'closed' }) }),
    ).rejects.toThrow(/agentes_horario_check/);
    await expect(refused({ ...row(ownFloat), comuna: 'Port au Prince' })).rejects.toThrow(
      /agentes_comuna_check/,
    );
  });

  it('makes one agent of two concurrent requests for the same person', async () => {
    const user = await levelTwo();
    const answers = await Promise.all([
      asOperator('support', 'POST', '/agents', request(user)),
      asOperator('admin', 'POST', '/agents', request(user)),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const floats = await t.database.db
      .selectFrom('kreyolcash_contas')
      .select('id')
      .where('user_id', '=', user.id)
      .where('tipo', '=', 'agente')
      .execute();
    expect(floats).toHaveLength(1);
    await expectLedgerSound(t.database.db);
  });
});
