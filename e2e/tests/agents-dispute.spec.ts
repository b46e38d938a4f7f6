import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { codeOf, createUser, latestMessage, logIn, newUser, type TestUser } from './support/accounts';
import { createAgent } from './support/agents';
import { axeViolations } from './support/axe';
import { signInToBackOffice } from './support/operators';
import { letToastsGo } from './support/toasts';

// A customer cashes out ₭20 at an agent (₭5 fee) and says the cash never came: the complaint,
// opened from the movement's detail, reaches the back office's dispute queue naming the agent, and
// support refunds the ₭25 the customer paid from the agent's float. The customer's statement shows
// the refund and the balance is what it was before the cash-out.

const SHOTS = '/tmp/kc-c/shots';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled', fullPage: true });
}

async function expectNoAxeViolations(page: Page) {
  const violations = await axeViolations(page);
  expect(
    violations.map((v) => v.id),
    JSON.stringify(violations, null, 2),
  ).toEqual([]);
}

async function bearerOf(request: APIRequestContext, user: TestUser) {
  const login = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
}

/** The customer's cash-out of `centis`, confirmed with the WhatsApp code and handed over by the agent. */
async function cashOutThroughApi(
  request: APIRequestContext,
  customer: TestUser,
  agent: { user: TestUser; numero: number },
  centis: number,
): Promise<{ id: string; feeCentis: number }> {
  const headers = await bearerOf(request, customer);
  const started = await request.post('/api/cash-outs', {
    headers,
    data: { agente_numero: agent.numero, quantidade_centis: centis },
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
      agente_numero: agent.numero,
      quantidade_centis: centis,
      tarifa_centis: cotacao.tarifa_centis,
      codigo: codeOf(message.text),
    },
  });
  expect(held.status(), await held.text()).toBe(201);
  const id = ((await held.json()) as { movimentacao_id: string }).movimentacao_id;
  const handed = await request.post(`/api/me/agent/cash-outs/${id}/hand-over`, {
    headers: await bearerOf(request, agent.user),
  });
  expect(handed.status(), await handed.text()).toBe(200);
  return { id, feeCentis: cotacao.tarifa_centis };
}

test('the customer disputes a cash-out and support refunds it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.slow();
  if (!baseURL) throw new Error('baseURL is required');
  const agent = await createAgent(request, {
    baseURL,
    setup: ['setup5', 'setup5b'],
    floatCentis: 100_000,
    businessName: 'Boutik Lespwa Delma',
  });
  const customer = await createUser(request, { user: newUser('Rozlin') });

  // The balance before, as the customer reads it at home.
  await logIn(page, customer);
  await expect(page.getByTestId('balance')).toHaveText(/₭ \d/);
  const balanceBefore = (await page.getByTestId('balance').textContent())?.trim();

  const { feeCentis } = await cashOutThroughApi(request, customer, agent, 2_000);
  expect(feeCentis).toBe(500);

  // The statement says what it was, with the shop's name; its detail offers the complaint.
  await page.goto('/statement');
  const row = page.getByRole('link').filter({ hasText: 'Boutik Lespwa Delma' });
  await expect(row.getByTestId('row-details')).toContainText('Retrè kay ajan');
  await row.click();
  await expect(page.getByTestId('summary-card')).toContainText('Retrè kay ajan');
  await expect(page.getByTestId('details-card')).toContainText(
    `Boutik Lespwa Delma · nimewo ${agent.numero}`,
  );
  await expect(page.getByTestId('amount-card')).toContainText('Frè ou te peye');
  const offer = page.getByTestId('complaint-offer');
  await expect(offer).toContainText('Yon pwoblèm ak ajan an?');
  await expectNoAxeViolations(page);
  await offer.getByRole('button', { name: 'Fè yon plent' }).click();

  const form = page.getByTestId('complaint-form');
  await expect(form).toContainText('Plent sou Boutik Lespwa Delma');
  // No reason chosen: the form says so and sends nothing.
  await form.getByRole('button', { name: 'Voye plent lan' }).click();
  await expect(form).toContainText('Chwazi sa k te pase.');
  await form.getByLabel('Ajan an pa t ban m kòb la').check();
  await form.getByLabel('Rakonte sa k te pase (pa obligatwa)').fill('Li make l bay men li pa ban m anyen.');
  await expectNoAxeViolations(page);
  await shot(page, 'agents-dispute-form-360');
  await form.getByRole('button', { name: 'Voye plent lan' }).click();
  const card = page.getByTestId('complaint-card');
  await expect(card.getByTestId('complaint-status')).toHaveText('Y ap egzamine l');
  await expect(card).toContainText('Sa w te ekri: Li make l bay men li pa ban m anyen.');
  await letToastsGo(page);
  await expectNoAxeViolations(page);
  await shot(page, 'agents-dispute-open-360');

  // Support, at 360 px: the queue names the cash-out and its agent; the refund comes from the float.
  const office = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const admin = await office.newPage();
  await signInToBackOffice(admin, 'refunds');
  await admin.goto('/admin/reports');
  const queued = admin.getByTestId('reports-queue-row').filter({ hasText: customer.fullName });
  await expect(queued.getByTestId('reports-queue-kind')).toContainText('Ajan an pa t ba l kòb kach la');
  await expect(queued.getByTestId('reports-queue-cash')).toHaveText(
    `Retrè kay ajan ${agent.numero} · Boutik Lespwa Delma`,
  );
  await expectNoAxeViolations(admin);
  await queued.click();
  await expect(admin.getByTestId('report-cash')).toHaveText(
    `Retrè kay ajan ${agent.numero} · Boutik Lespwa Delma`,
  );
  await expect(admin.getByTestId('report-held')).toHaveText('₭20,00 kenbe sou kès (float) ajan an.');
  await expect(admin.getByTestId('report-transfer')).toContainText('₭25,00');
  // A cash complaint is never reversed nor released: refund from the float, or reject.
  await expect(admin.getByRole('button', { name: 'Ranbouse moun ki voye a' })).toHaveCount(0);
  await expectNoAxeViolations(admin);
  await admin.getByRole('button', { name: 'Ranbouse kliyan an sou kès ajan an' }).click();
  await expect(admin.getByTestId('report-decision-form')).toContainText(
    `Lajan an soti sou kès (float) ajan ${agent.numero} an pou l ale sou kont kliyan an. Pi plis: ₭25,00.`,
  );
  await admin.getByLabel('Montan pou ranbouse (₭)').fill('25,00');
  await admin.getByLabel('Rezon (rete nan jounal la)').fill('Ajan an rekonèt li pa t bay kòb la.');
  await expectNoAxeViolations(admin);
  await shot(admin, 'agents-dispute-refund-360');
  await admin.getByRole('button', { name: 'Ranbouse ₭25,00 sou kès ajan an' }).click();
  await expect(admin.getByTestId('report-refunded')).toHaveText(
    '₭25,00 soti sou kès ajan an, ale bay kliyan an.',
  );
  await expectNoAxeViolations(admin);
  await shot(admin, 'agents-dispute-decided-360');
  await office.close();

  // The customer: the complaint refunded, the refund in the statement, the balance as before.
  await page.reload();
  await expect(page.getByTestId('complaint-card').getByTestId('complaint-status')).toHaveText(
    'Ranbousman fèt',
  );
  await expect(page.getByTestId('complaint-card')).toContainText('Sipò a ranbouse w sou kès ajan an');
  await page.goto('/statement');
  const refund = page.getByRole('link').filter({ hasText: 'Ranbousman ajan' });
  await expect(refund).toContainText('Boutik Lespwa Delma');
  await expect(refund).toContainText('₭ 25,00');
  await expectNoAxeViolations(page);
  await shot(page, 'agents-dispute-statement-360');
  await page.goto('/home');
  await expect(page.getByTestId('balance')).toHaveText(balanceBefore ?? '');
});
