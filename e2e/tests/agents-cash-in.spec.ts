import { type APIRequestContext, expect, test } from '@playwright/test';
import { bearerHeaders, codeOf, createUser, latestMessage, logIn, newUser } from './support/accounts';
import { cashOutThroughApi, createAgent, screenshotsIn } from './support/agents';
import { expectNoAxeViolations } from './support/axe';

// The agent's desk at the counter: a cash-in where the agent sees whom they pay (name and photo)
// before their WhatsApp code moves the float's money, the day that counts it, and a customer's
// cash-out handed over from the waiting list.

const shot = screenshotsIn('/tmp/kc/shots/agents-cash-in');

async function balanceOf(request: APIRequestContext, headers: Record<string, string>): Promise<number> {
  const wallet = await request.get('/api/wallet', { headers });
  expect(wallet.status(), await wallet.text()).toBe(200);
  return ((await wallet.json()) as { saldo_centis: number }).saldo_centis;
}

test('an agent cashes in ₭250 after seeing the customer’s face, sees it in their day, and hands over a cash-out', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.slow();
  const agent = await createAgent(request, {
    baseURL: baseURL ?? '',
    setup: ['setup2', 'setup2b'],
    floatCentis: 100_000,
  });
  const customer = await createUser(request, { user: newUser('Rozlin') });
  const customerHeaders = await bearerHeaders(request, customer);
  // The customer reads French: each receipt is in its reader's own language.
  const french = await request.patch('/api/me', { headers: customerHeaders, data: { idioma: 'fr' } });
  expect(french.status(), await french.text()).toBe(200);
  const balanceBefore = await balanceOf(request, customerHeaders);

  await logIn(page, agent.user);
  await page.goto('/agent');
  await expect(page.getByRole('heading', { name: 'Biwo ajan' })).toBeVisible();
  await expect(page.getByTestId('desk-rate')).toHaveText('To chanj: ₭1 = 1 HTG');
  await expect(page.getByTestId('desk-float')).toHaveText('₭ 1.000,00');
  await expect(page.getByText(`Ajan ${agent.numero}`)).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'desk-cash-in');

  await page.getByLabel('Telefòn kliyan an').fill(customer.phone.slice(4));
  await page.getByLabel('Kach ou resevwa (₭)').fill('250');
  await page.getByRole('button', { name: 'Kontinye' }).click();

  // Whom the float pays: name and photo, before any code.
  const card = page.getByTestId('cash-in-customer');
  await expect(card).toContainText(customer.fullName);
  await expect(card).toContainText('Depo: ₭ 250,00');
  const photo = card.getByRole('img', { name: `Foto ${customer.fullName}` });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The money is held while the agent checks: the float shows it waiting.
  await expect(page.getByTestId('desk-header')).toContainText('₭ 250,00 ap tann yon kòd');
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'desk-check-customer');

  const code = codeOf((await latestMessage(request, agent.user.phone, 'cash_in_code')).text);
  // A wrong code is said, and costs one of three attempts.
  const wrong = code.startsWith('0') ? `1${code.slice(1)}` : `0${code.slice(1)}`;
  await page.getByLabel('Kòd WhatsApp ou').fill(wrong);
  await page.getByRole('button', { name: 'Konfime depo a' }).click();
  await expect(page.getByText('Kòd la pa kòrèk. Tantativ ki rete: 2.')).toBeVisible();
  await page.getByLabel('Kòd WhatsApp ou').fill(code);
  await page.getByRole('button', { name: 'Konfime depo a' }).click();

  await expect(page.getByRole('heading', { name: 'Depo a fèt!' })).toBeVisible();
  await expect(page.getByText(`${customer.fullName} resevwa ₭ 250,00 nan kont li.`)).toBeVisible();
  await expect(page.getByTestId('float-after')).toHaveText('Kès ou kounye a: ₭ 750,00');
  await expect(page.getByTestId('desk-float')).toHaveText('₭ 750,00');
  await shot(page, testInfo, 'desk-cash-in-done');

  expect(await balanceOf(request, customerHeaders)).toBe(balanceBefore + 25_000);
  const received = await latestMessage(request, customer.phone, 'cash_in_done');
  expect(received.text).toContain('vous avez reçu');
  expect(received.text).toContain(agent.nome_comercial);
  const given = await latestMessage(request, agent.user.phone, 'cash_in_done');
  expect(given.text).toContain('ou depoze');
  expect(given.text).toContain(customer.fullName);

  // The day counts the cash-in, and the float still adds up.
  await page.getByRole('link', { name: 'Jounen an' }).click();
  await expect(page.getByTestId('day-cash-ins')).toContainText('Depo (1)');
  await expect(page.getByTestId('day-cash-ins')).toContainText('₭ 250,00');
  await expect(page.getByTestId('day-end')).toContainText('₭ 750,00');
  await expect(page.getByTestId('desk-rate')).toHaveText('To chanj: ₭1 = 1 HTG');
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'desk-day');

  // The customer asks for ₭100 in cash: it waits for the agent, who hands it over.
  await cashOutThroughApi(request, customer, agent.numero, 10_000);
  await page.getByRole('link', { name: 'Retrè' }).click();
  const waiting = page.getByTestId('waiting-cash-out');
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText(customer.fullName);
  await expect(waiting).toContainText('₭ 100,00');
  await expect(waiting).toContainText('₭ 5,00');
  // Half the fee is the agent's (the default table's share).
  await expect(waiting).toContainText('₭ 2,50');
  await expect(waiting.getByRole('img', { name: `Foto ${customer.fullName}` })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'desk-cash-outs');
  await waiting.getByRole('button', { name: 'Mwen bay kòb la' }).click();
  await expect(waiting).toHaveCount(0);
  await expect(page.getByText('Pa gen okenn retrè k ap tann kounye a.')).toBeVisible();
  // The amount and the agent's half of the ₭5 fee are in the float.
  await expect(page.getByTestId('desk-float')).toHaveText('₭ 852,50');
  expect(await balanceOf(request, customerHeaders)).toBe(balanceBefore + 25_000 - 10_500);

  // Paused, the shop is out of customers' reach; reopened, it is back.
  const listed = () => request.get(`/api/agents/${agent.numero}`, { headers: customerHeaders });
  await page.getByRole('button', { name: 'Mete an poz' }).click();
  await expect(page.getByTestId('listing-status')).toHaveText('Boutik ou an poz: kliyan yo pa wè l.');
  expect((await listed()).status()).toBe(404);
  await page.getByRole('button', { name: 'Relouvri' }).click();
  await expect(page.getByTestId('listing-status')).toHaveText('Kliyan yo wè boutik ou.');
  expect((await listed()).status()).toBe(200);
});

test('someone who is not an agent is told so on the desk', async ({ page, request }) => {
  const user = await createUser(request, { user: newUser('Ketlin') });
  await logIn(page, user);
  await page.goto('/agent');
  await expect(page.getByRole('heading', { name: 'Ou pa yon ajan' })).toBeVisible();
  await expect(page.getByText('Biwo sa a se pou ajan KreyolCash sèlman.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a cash-in left by a reload is offered again: the agent gives one up and finishes another', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.slow();
  const agent = await createAgent(request, {
    baseURL: baseURL ?? '',
    setup: ['setup2', 'setup2b'],
    floatCentis: 100_000,
  });
  const customer = await createUser(request, { user: newUser('Woodly') });
  await logIn(page, agent.user);
  await page.goto('/agent');
  const startCashIn = async (amount: string) => {
    await page.getByLabel('Telefòn kliyan an').fill(customer.phone.slice(4));
    await page.getByLabel('Kach ou resevwa (₭)').fill(amount);
    await page.getByRole('button', { name: 'Kontinye' }).click();
    await expect(page.getByTestId('cash-in-customer')).toContainText(customer.fullName);
  };

  // The page reloads (or the phone dies) before the code is typed: the cash-in waits above the form.
  await startCashIn('50');
  await page.reload();
  const waiting = page.getByTestId('waiting-cash-in');
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText(customer.fullName);
  await expect(waiting).toContainText('₭ 50,00');
  await expect(waiting).toContainText('Kòd la bon jiska');
  await expect(page.getByTestId('desk-header')).toContainText('₭ 50,00 ap tann yon kòd');
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'desk-cash-in-waiting');
  await waiting.getByRole('button', { name: 'Anile' }).click();
  await expect(waiting).toHaveCount(0);
  await expect(page.getByTestId('desk-float')).toHaveText('₭ 1.000,00');

  // Another one, left the same way, is finished with its code.
  await startCashIn('80');
  await page.reload();
  await waiting.getByRole('button', { name: 'Antre kòd la' }).click();
  await expect(page.getByTestId('cash-in-customer')).toContainText('Depo: ₭ 80,00');
  const code = codeOf((await latestMessage(request, agent.user.phone, 'cash_in_code')).text);
  await page.getByLabel('Kòd WhatsApp ou').fill(code);
  await page.getByRole('button', { name: 'Konfime depo a' }).click();
  await expect(page.getByRole('heading', { name: 'Depo a fèt!' })).toBeVisible();
  await expect(page.getByTestId('desk-float')).toHaveText('₭ 920,00');
  await page.getByRole('button', { name: 'Yon lòt depo' }).click();
  await expect(waiting).toHaveCount(0);
});
