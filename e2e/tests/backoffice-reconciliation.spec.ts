import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  type TestInfo,
  test,
} from '@playwright/test';
import { codeOf, createUser, latestMessage, newUser, type TestUser } from './support/accounts';
import { createAgent } from './support/agents';
import { axeViolations } from './support/axe';
import { signInToBackOffice } from './support/operators';

// The day's reconciliation against what a journey did: an agent with float cashes a customer in,
// the customer cashes part of it out at the same agent, and finance reads the agent's row (start,
// cash-ins, cash-outs, commission, end) on a phone and in the day's CSV, and the operator's totals
// as a sum from the day's start to now.

const LAPTOP = { width: 1280, height: 860 };
const FLOAT = 100_000;
const CASH_IN = 30_000;
const CASH_OUT = 10_000;

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), animations: 'disabled', fullPage: true });
}

async function bearer(request: APIRequestContext, user: TestUser) {
  const login = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
}

/** The agent hands ₭ from the float to the customer for cash, confirmed with the agent's code. */
async function cashIn(request: APIRequestContext, agent: TestUser, customer: TestUser) {
  const headers = await bearer(request, agent);
  const started = await request.post('/api/me/agent/cash-ins', {
    headers,
    data: { telefone: customer.phone, quantidade_centis: CASH_IN },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { movimentacao_id } = (await started.json()) as { movimentacao_id: string };
  const code = codeOf((await latestMessage(request, agent.phone, 'cash_in_code')).text);
  const confirmed = await request.post(`/api/me/agent/cash-ins/${movimentacao_id}/confirm`, {
    headers,
    data: { codigo: code },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

/** The customer cashes out at the agent, who hands the cash over; the commission it earned. */
async function cashOut(request: APIRequestContext, agent: TestUser, numero: number, customer: TestUser) {
  const headers = await bearer(request, customer);
  const started = await request.post('/api/cash-outs', {
    headers,
    data: { agente_numero: numero, quantidade_centis: CASH_OUT },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { pedido_id, cotacao } = (await started.json()) as {
    pedido_id: string;
    cotacao: { tarifa_centis: number; comissao_centis: number };
  };
  const code = codeOf((await latestMessage(request, customer.phone, 'cash_out_code')).text);
  const held = await request.post(`/api/cash-outs/${pedido_id}/confirm`, {
    headers,
    data: {
      agente_numero: numero,
      quantidade_centis: CASH_OUT,
      tarifa_centis: cotacao.tarifa_centis,
      codigo: code,
    },
  });
  expect(held.status(), await held.text()).toBe(201);
  const { movimentacao_id } = (await held.json()) as { movimentacao_id: string };
  const handed = await request.post(`/api/me/agent/cash-outs/${movimentacao_id}/hand-over`, {
    headers: await bearer(request, agent),
    data: {},
  });
  expect(handed.status(), await handed.text()).toBe(200);
  return cotacao.comissao_centis;
}

/** "₭1 234,50" (or "−₭…", or "1 · ₭300,00" for the amount after a count) → centis. */
function centisIn(text: string): number {
  const amount = text.slice(text.indexOf('₭') + 1).replace(/\s/g, '');
  const centis = Number(amount.replace(',', '').replace(/\./g, ''));
  return text.includes('−') ? -centis : centis;
}

async function figure(row: Locator, key: string): Promise<number> {
  return centisIn((await row.getByTestId(`day-${key}`).textContent()) ?? '');
}

test('the reconciliation report adds up to the movements', async ({ page, request, baseURL }, testInfo) => {
  test.slow();
  const agent = await createAgent(request, {
    baseURL: baseURL ?? '',
    setup: ['setup4', 'setup4b'],
    floatCentis: FLOAT,
    firstName: 'Anayiz',
    // Its own name: the day's report lists every agent of the run.
    businessName: `Boutik Anayiz ${randomUUID().slice(0, 6)}`,
  });
  const customer = await createUser(request, { user: newUser('Wilna') });
  await cashIn(request, agent.user, customer);
  const commission = await cashOut(request, agent.user, agent.numero, customer);
  expect(commission).toBeGreaterThan(0);

  // Finance opens today's reconciliation on a phone.
  await signInToBackOffice(page, 'recon');
  await page.getByRole('navigation').getByRole('link', { name: 'Rekonsilyasyon' }).click();
  await expect(page.getByRole('heading', { name: 'Rekonsilyasyon ajan yo' })).toBeVisible();
  const row = page
    .getByTestId('reconciliation-agents')
    .getByRole('row')
    .filter({ hasText: agent.nome_comercial });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('day-cashIns')).toHaveText(/^1 · ₭300,00$/);
  await expect(row.getByTestId('day-cashOuts')).toHaveText(/^1 · ₭100,00$/);
  const start = await figure(row, 'start');
  const end = await figure(row, 'end');
  expect(start).toBe(0);
  expect(await figure(row, 'issued')).toBe(FLOAT);
  expect(await figure(row, 'commissions')).toBe(commission);
  expect(await figure(row, 'in')).toBe(FLOAT + CASH_OUT + commission);
  expect(await figure(row, 'out')).toBe(CASH_IN);
  expect(end).toBe(start + (await figure(row, 'in')) - (await figure(row, 'out')));
  expect(end).toBe(FLOAT - CASH_IN + CASH_OUT + commission);
  // The operator's totals are today's, balances as they are now.
  await expect(page.getByTestId('operator-totals')).toBeVisible();
  await expect(page.getByText('Balans yo se sa yo ye kounye a (jou a poko fini).')).toBeVisible();
  // They read as a sum: the money in circulation at the day's start, each flow signed as it counts,
  // and now.
  const totals = page.getByTestId('operator-totals');
  await expect(totals.getByRole('heading', { name: 'Kòmansman jounen an' })).toBeVisible();
  await expect(
    totals.getByRole('heading', { name: 'Sa ki antre (+) ak sa ki soti (−) jounen an' }),
  ).toBeVisible();
  await expect(totals.getByRole('heading', { name: 'Kounye a' })).toBeVisible();
  await expect(totals.getByText('Float rachte')).toBeVisible();
  await expect(totals.getByText('Frè moun yo peye')).toBeVisible();
  const total = async (key: string) => centisIn((await page.getByTestId(`total-${key}`).textContent()) ?? '');
  expect(await total('issued')).toBeGreaterThanOrEqual(FLOAT);
  await expect(page.getByTestId('total-issued')).toHaveText(/^\+ ₭/);
  expect(await total('fees')).toBeLessThan(0);
  const dayStart = await total('start');
  expect(dayStart).toBe((await total('startPeople')) + (await total('startFloats')));
  let counted = dayStart;
  for (const flow of ['issued', 'redeemed', 'bonuses', 'adjustments', 'fees']) counted += await total(flow);
  expect(await total('end')).toBe(counted);
  expect(await total('end')).toBe((await total('people')) + (await total('floats')));
  const violations = await axeViolations(page);
  expect(
    violations.map((v) => v.id),
    JSON.stringify(violations, null, 2),
  ).toEqual([]);
  await shot(page, testInfo, 'reconciliation-360');

  // The CSV of the same day holds the same row, figures in centis, the header in Creole.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Telechaje CSV jou sa a' }).click(),
  ]);
  const lines = readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toContain('Nimewo ajan');
  // Every cell is quoted (RFC 4180); none of these holds a quote or a comma.
  const cells = lines
    .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')))
    .find((row) => row[0] === String(agent.numero));
  expect(cells).toEqual([
    String(agent.numero),
    agent.nome_comercial,
    '1',
    String(CASH_IN),
    '1',
    String(CASH_OUT),
    String(commission),
    String(FLOAT),
    '0',
    '0',
    '0',
    String(end),
  ]);

  // On a laptop the row is a table row under its column headers.
  await page.setViewportSize(LAPTOP);
  await expect(page.getByRole('columnheader', { name: 'Balans fen' })).toBeVisible();
  await shot(page, testInfo, 'reconciliation-1280');
});
