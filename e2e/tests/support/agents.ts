import { copyFileSync, mkdirSync } from 'node:fs';
import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  type TestInfo,
} from '@playwright/test';
import { bearerHeaders, codeOf, createUser, latestMessage, newUser, type TestUser } from './accounts';
import { type E2EOperator, operator, totpCode } from './operators';

// An agent ready for a journey, made through the API as operators make one: compliance approves
// the person's document (level 2), support makes them an agent, and finance issues float against a
// deposit, proposed by one operator and approved by a second. Each journey passes its own pair of
// operators (setup1/setup1b … in e2e/start-server.mjs, admins): a TOTP code is accepted once.

export type E2EAgent = { user: TestUser; id: string; numero: number; nome_comercial: string };

const ALWAYS_OPEN = { abre: '00:00', fecha: '24:00' };
export const OPEN_EVERY_DAY = {
  mon: [ALWAYS_OPEN],
  tue: [ALWAYS_OPEN],
  wed: [ALWAYS_OPEN],
  thu: [ALWAYS_OPEN],
  fri: [ALWAYS_OPEN],
  sat: [ALWAYS_OPEN],
  sun: [ALWAYS_OPEN],
};

/** An API client signed in to the back office as `name` (its kc_op cookie), on the suite's server. */
export function operatorRequest(baseURL: string, name: string): Promise<APIRequestContext> {
  return operatorRequestAs(baseURL, operator(name));
}

/** An API client signed in to the back office as `op`, on the server at `baseURL`. */
export async function operatorRequestAs(baseURL: string, op: E2EOperator): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL });
  // A code is accepted once: when this window's was spent (a retried journey), the next one's.
  for (const offset of [0, 30_000]) {
    const signedIn = await context.post('/api/admin/session', {
      data: { email: op.email, senha: op.password, codigo: totpCode(op.totp_secret, Date.now() + offset) },
    });
    if (signedIn.ok()) return context;
  }
  throw new Error(`${op.name} could not sign in to the back office`);
}

async function approveDocument(compliance: APIRequestContext, user: TestUser): Promise<void> {
  const queue = await compliance.get('/api/admin/kyc');
  expect(queue.status(), await queue.text()).toBe(200);
  const rows = ((await queue.json()) as { revisoes: Array<{ id: string; email: string }> }).revisoes;
  const review = rows.find((row) => row.email === user.email.toLowerCase());
  if (!review) throw new Error(`no pending document review for ${user.email}`);
  const approved = await compliance.post(`/api/admin/kyc/${review.id}/approve`, { data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
}

/**
 * Today in Haiti (YYYY-MM-DD), the day the server holds a deposit date to: from 19:00 there (00:00
 * UTC) the UTC date is already tomorrow, which the server refuses as a date in the future.
 */
function haitiToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Port-au-Prince' }).format(new Date());
}

/** Proposes float for the agent with one operator and approves it with the other. */
export async function issueFloat(
  proposer: APIRequestContext,
  approver: APIRequestContext,
  agent: Pick<E2EAgent, 'numero'>,
  centis: number,
): Promise<void> {
  const proposed = await proposer.post('/api/admin/floats/issuances', {
    data: {
      agente: String(agent.numero),
      quantidade_centis: centis,
      referencia: `DEP-${crypto.randomUUID().slice(0, 8)}`,
      data_deposito: haitiToday(),
    },
  });
  expect(proposed.status(), await proposed.text()).toBe(201);
  const { operacao } = (await proposed.json()) as { operacao: { id: string } };
  const approved = await approver.post(`/api/admin/floats/${operacao.id}/approve`, { data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
}

/**
 * A new person (signed up, e-mail confirmed, phone proven) at level 2, made an agent in Delmas,
 * open every hour of every day, with `floatCentis` of float (none when 0).
 */
export async function createAgent(
  request: APIRequestContext,
  options: {
    baseURL: string;
    setup: readonly [string, string];
    floatCentis?: number;
    businessName?: string;
    firstName?: string;
  },
): Promise<E2EAgent> {
  const user = await createUser(request, { user: newUser(options.firstName ?? 'Jozèf') });
  const [first, second] = await Promise.all(
    options.setup.map((name) => operatorRequest(options.baseURL, name)),
  );
  if (!first || !second) throw new Error('two operators are needed');
  try {
    await approveDocument(first, user);
    const profile = await request.get('/api/me', { headers: await bearerHeaders(request, user) });
    const userId = ((await profile.json()) as { id: string }).id;
    const nome_comercial = options.businessName ?? `Boutik ${user.fullName.split(' ')[0]}`;
    const made = await first.post('/api/admin/agents', {
      data: {
        user_id: userId,
        nome_comercial,
        comuna: 'delmas',
        endereco: '12, Ri Kafou Ayewopò',
        horario: OPEN_EVERY_DAY,
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { agente } = (await made.json()) as { agente: { id: string; numero: number } };
    const agent = { user, id: agente.id, numero: agente.numero, nome_comercial };
    if (options.floatCentis) await issueFloat(first, second, agent, options.floatCentis);
    return agent;
  } finally {
    await Promise.all([first.dispose(), second.dispose()]);
  }
}

/**
 * A customer's cash-out of `centis` at the agent numbered `agentNumber`, confirmed through the API
 * with the code from their WhatsApp: held, waiting for the agent to hand the cash over.
 */
export async function cashOutThroughApi(
  request: APIRequestContext,
  customer: TestUser,
  agentNumber: number,
  centis: number,
): Promise<{ id: string; feeCentis: number }> {
  const headers = await bearerHeaders(request, customer);
  const started = await request.post('/api/cash-outs', {
    headers,
    data: { agente_numero: agentNumber, quantidade_centis: centis },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { pedido_id, cotacao } = (await started.json()) as {
    pedido_id: string;
    cotacao: { tarifa_centis: number };
  };
  const message = await latestMessage(request, customer.phone, 'cash_out_code');
  const held = await request.post(`/api/cash-outs/${pedido_id}/confirm`, {
    headers,
    data: {
      agente_numero: agentNumber,
      quantidade_centis: centis,
      tarifa_centis: cotacao.tarifa_centis,
      codigo: codeOf(message.text),
    },
  });
  expect(held.status(), await held.text()).toBe(201);
  const id = ((await held.json()) as { movimentacao_id: string }).movimentacao_id;
  return { id, feeCentis: cotacao.tarifa_centis };
}

/** The agent hands over a held cash-out's cash, through the API: the cash-out posts. */
export async function handOverThroughApi(
  request: APIRequestContext,
  agent: Pick<E2EAgent, 'user'>,
  cashOutId: string,
): Promise<void> {
  const handed = await request.post(`/api/me/agent/cash-outs/${cashOutId}/hand-over`, {
    headers: await bearerHeaders(request, agent.user),
  });
  expect(handed.status(), await handed.text()).toBe(200);
}

/**
 * A journey's screenshots at 360 px: each kept with the test's results and copied to `dir`
 * as `<name>-360.png`, where the screens are reviewed.
 */
export function screenshotsIn(dir: string) {
  return async (page: Page, testInfo: TestInfo, name: string): Promise<void> => {
    const path = testInfo.outputPath(`${name}-360.png`);
    await page.screenshot({ path, animations: 'disabled', fullPage: true });
    mkdirSync(dir, { recursive: true });
    copyFileSync(path, `${dir}/${name}-360.png`);
  };
}
