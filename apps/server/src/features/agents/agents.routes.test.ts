import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../../test-support/ledger-assertions.ts';
import { type SeededUser, seedUser } from '../../test-support/ledger-fixtures.ts';
import { operatorSession } from '../../test-support/operators.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

// Users find agents by commune or by number, with whether each is open now; an agent sees their own
// profile and float and pauses their listing. With AGENTS_ENABLED off, none of it exists.

const closed = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const allDay = [{ abre: '00:00', fecha: '24:00' }];
const always = { mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay, sun: allDay };

const bearer = (u: { accessToken: string }) => ({ authorization: `Bearer ${u.accessToken}` });

describe(`finding agents on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let support: string;
  let customer: SeededUser;
  beforeAll(async () => {
    t = await createTestApp({ AGENTS_ENABLED: 'true' });
    support = (await operatorSession(t, 'support')).cookie;
    customer = await seedUser(t);
  });
  afterAll(async () => t.close());

  const makeAgent = async (over: { comuna: string; nome_comercial: string; horario?: object }) => {
    const user = await seedUser(t, { documentApproved: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/agents',
      headers: { cookie: support },
      payload: { user_id: user.id, endereco: 'Ri Lamè', horario: always, ...over },
    });
    expect(res.statusCode).toBe(201);
    return { user, numero: res.json().agente.numero as number };
  };
  const get = (url: string, user: { accessToken: string } = customer) =>
    t.app.inject({ method: 'GET', url, headers: bearer(user) });
  const post = (url: string, user: { accessToken: string }) =>
    t.app.inject({ method: 'POST', url, headers: bearer(user) });

  it("lists a commune's agents by business name, open now or not, and leaves out paused ones", async () => {
    const open = await makeAgent({ comuna: 'hinche', nome_comercial: 'B — Ouvè toutan', horario: always });
    const shut = await makeAgent({ comuna: 'hinche', nome_comercial: 'A — Fèmen', horario: closed });
    const paused = await makeAgent({ comuna: 'hinche', nome_comercial: 'C — Poz' });
    await makeAgent({ comuna: 'jeremie', nome_comercial: 'Lòt komin' });
    expect((await post('/api/me/agent/pause', paused.user)).statusCode).toBe(200);

    const res = await get('/api/agents?comuna=hinche');
    expect(res.statusCode).toBe(200);
    expect(res.json().agentes).toEqual([
      {
        numero: shut.numero,
        nome_comercial: 'A — Fèmen',
        comuna: 'hinche',
        endereco: 'Ri Lamè',
        horario: closed,
        aberto_agora: false,
      },
      {
        numero: open.numero,
        nome_comercial: 'B — Ouvè toutan',
        comuna: 'hinche',
        endereco: 'Ri Lamè',
        horario: always,
        aberto_agora: true,
      },
    ]);
    expect((await get('/api/agents?comuna=thomassique')).json().agentes).toEqual([]);
    for (const comuna of ['nowhere', 'Hinche']) {
      const bad = await get(`/api/agents?comuna=${comuna}`);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().error.code).toBe('commune_invalid');
    }
  });

  it('finds an agent by number, but not a paused one or a frozen one', async () => {
    const agent = await makeAgent({ comuna: 'mirebalais', nome_comercial: 'Ti Boutik' });
    const found = await get(`/api/agents/${agent.numero}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().agente).toMatchObject({
      numero: agent.numero,
      nome_comercial: 'Ti Boutik',
      aberto_agora: true,
    });

    await post('/api/me/agent/pause', agent.user);
    for (const numero of [String(agent.numero), '99999', '123', 'abc', '0012345']) {
      const res = await get(`/api/agents/${numero}`);
      expect(res.statusCode, numero).toBe(404);
      expect(res.json().error.code).toBe('agent_not_found');
    }
    await post('/api/me/agent/resume', agent.user);
    expect((await get(`/api/agents/${agent.numero}`)).statusCode).toBe(200);

    // An agent whose account is frozen cannot be chosen either.
    expect((await post('/api/me/freeze', agent.user)).statusCode).toBe(200);
    expect((await get(`/api/agents/${agent.numero}`)).statusCode).toBe(404);
    expect((await get('/api/agents?comuna=mirebalais')).json().agentes).toEqual([]);
  });

  it('shows an agent their own profile and float, and pauses and resumes their listing', async () => {
    const agent = await makeAgent({ comuna: 'ouanaminthe', nome_comercial: 'Depo Fwontyè' });
    const me = await get('/api/me/agent', agent.user);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      agente: {
        numero: agent.numero,
        nome_comercial: 'Depo Fwontyè',
        comuna: 'ouanaminthe',
        endereco: 'Ri Lamè',
        horario: always,
        aberto_agora: true,
      },
      pausado_em: null,
      float: { saldo_centis: 0, reservado_centis: 0, disponivel_centis: 0 },
    });

    const paused = await post('/api/me/agent/pause', agent.user);
    expect(paused.statusCode).toBe(200);
    const pausedAt = paused.json().pausado_em;
    expect(pausedAt).toEqual(expect.any(String));
    // Pausing again keeps the first moment.
    expect((await post('/api/me/agent/pause', agent.user)).json().pausado_em).toBe(pausedAt);
    expect((await get('/api/agents?comuna=ouanaminthe')).json().agentes).toEqual([]);

    const resumed = await post('/api/me/agent/resume', agent.user);
    expect(resumed.json().pausado_em).toBeNull();
    expect((await get('/api/agents?comuna=ouanaminthe')).json().agentes).toHaveLength(1);
    // The personal wallet is not the float.
    expect((await get('/api/wallet', agent.user)).json().saldo_centis).toBe(10_000);
  });

  it('answers agent_not_found to a user who is no agent, and 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/me/agent'],
      ['POST', '/api/me/agent/pause'],
      ['POST', '/api/me/agent/resume'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(customer) });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('agent_not_found');
    }
    for (const url of ['/api/agents?comuna=hinche', '/api/agents/10001', '/api/me/agent']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it('keeps the ledger sound with agents and their floats', async () => {
    await expectLedgerSound(t.database.db);
  });
});

describe(`agents with AGENTS_ENABLED off on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('serves none of their routes, for users or for the back office, and documents none', async () => {
    const user = await seedUser(t, { documentApproved: true });
    const { cookie } = await operatorSession(t, 'support');
    for (const [method, url] of [
      ['GET', '/api/agents?comuna=hinche'],
      ['GET', '/api/agents/10001'],
      ['GET', '/api/me/agent'],
      ['POST', '/api/me/agent/pause'],
      ['POST', '/api/me/agent/resume'],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: bearer(user) })).statusCode, url).toBe(404);
    }
    for (const [method, url] of [
      ['GET', '/api/admin/agents'],
      ['POST', '/api/admin/agents'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { cookie },
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, url).toBe(404);
    }
    const document = t.app.swagger() as unknown as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).filter((path) => path.includes('agent'))).toEqual([]);
  });
});
