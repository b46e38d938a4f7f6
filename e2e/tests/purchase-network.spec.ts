import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { bearerHeaders, createUser, latestMessage, logIn, newUser, type TestUser } from './support/accounts';
import { letToastsGo } from './support/toasts';

// A purchase on a bad network, at 360×740: a confirmation whose answer is lost, a confirmation
// tapped offline, a double tap on "Achte", and a product with nothing left to buy.

const NO_CONNECTION = 'Pa gen koneksyon entènèt. Tcheke koneksyon ou epi eseye ankò.';
const SHOTS = '/tmp/kc/shots';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-360.png`, animations: 'disabled' });
}

type Shop = { companyId: string; addProduct: (nome: string, estoque: number | null) => Promise<string> };

/** A seller's company, set up through the API: what the journeys are about is the buyer's screens. */
async function openShop(request: APIRequestContext): Promise<Shop> {
  const seller = await createUser(request, { user: newUser('Nadèj') });
  const headers = await bearerHeaders(request, seller);
  const created = await request.post('/api/companies', {
    headers,
    data: { nome: `Boutik Nadèj ${Date.now().toString(36)}`, descricao: 'Tout bagay', categoria: 'sewing' },
  });
  expect(created.status()).toBe(201);
  const companyId = ((await created.json()) as { id: string }).id;
  return {
    companyId,
    addProduct: async (nome, estoque) => {
      const answer = await request.post(`/api/companies/${companyId}/products`, {
        headers,
        data: { nome, descricao: 'Fèt lakay', categoria: 'clothing', preco_centis: 12_50, estoque },
      });
      expect(answer.status()).toBe(201);
      return ((await answer.json()) as { id: string }).id;
    },
  };
}

async function purchaseCode(request: APIRequestContext, buyer: TestUser): Promise<string> {
  const message = await latestMessage(request, buyer.phone, 'purchase_code');
  const code = /\*(\d{6})\*/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in: ${message.text}`);
  return code;
}

/** From the buy form to the code step, with the code typed in its cells; the sale's id. */
async function startAndTypeCode(page: Page, request: APIRequestContext, buyer: TestUser): Promise<string> {
  await page.getByRole('button', { name: 'Achte', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Konfime acha a' })).toBeVisible();
  await expect(page).toHaveURL(/venda=/);
  const saleId = new URL(page.url()).searchParams.get('venda') ?? '';
  const cells = page.getByRole('group', { name: 'Kòd 6 chif' }).getByRole('textbox');
  await cells.first().fill(await purchaseCode(request, buyer));
  // The code's toast sits over the step's buttons until it goes.
  await letToastsGo(page);
  return saleId;
}

async function saleStatus(request: APIRequestContext, buyer: TestUser, saleId: string): Promise<string> {
  const answer = await request.get(`/api/purchases/${saleId}`, {
    headers: await bearerHeaders(request, buyer),
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { status: string }).status;
}

const confirmButton = (page: Page) => page.getByRole('button', { name: 'Konfime', exact: true });
const waitingBanner = (page: Page) => page.getByText('Yon acha ap tann kòd li');

test('a confirmation whose answer was lost shows the purchase paid on the retry, with the new balance', async ({
  page,
  request,
}) => {
  test.slow();
  const shop = await openShop(request);
  const product = await shop.addProduct('Sandal kwi', 5);
  const buyer = await createUser(request, { user: newUser('Womèl') });
  await logIn(page, buyer);
  await page.goto(`/purchase/${product}/${shop.companyId}`);
  await expect(page.getByTestId('purchase-balance')).toHaveText('₭ 100,00');
  await startAndTypeCode(page, request, buyer);

  // The confirmation reaches the server and is posted; its answer dies on the way back.
  await page.route('**/api/purchases/*/verify', async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  await confirmButton(page).click();
  await expect(page.getByTestId('step-refusal')).toHaveText(NO_CONNECTION);
  await page.unroute('**/api/purchases/*/verify');

  // The retry hears "not pending any more": the app reads the sale and shows it paid.
  await confirmButton(page).click();
  await expect(page.getByRole('heading', { name: 'Acha a fèt!' })).toBeVisible();
  await expect(page.getByTestId('paid-total')).toHaveText('₭ 12,50');
  await expect(page.getByText('Acha sa a pa an atant ankò.')).toHaveCount(0);
  await expect(waitingBanner(page)).toHaveCount(0);
  await letToastsGo(page);
  await shot(page, 'purchase-lost-answer-done');

  // No purchase left waiting for its code, and the balance is the one after paying.
  await page.goto(`/purchase/${product}/${shop.companyId}`);
  await expect(page.getByTestId('purchase-balance')).toHaveText('₭ 87,50');
  await expect(waitingBanner(page)).toHaveCount(0);
});

test('a confirmation of a purchase cancelled elsewhere says so, and the money is free again', async ({
  page,
  request,
}) => {
  const shop = await openShop(request);
  const product = await shop.addProduct('Sak pay', 5);
  const buyer = await createUser(request, { user: newUser('Edlin') });
  await logIn(page, buyer);
  await page.goto(`/purchase/${product}/${shop.companyId}`);
  const saleId = await startAndTypeCode(page, request, buyer);

  // Cancelled from another phone while this one shows the code.
  const cancelled = await request.post(`/api/purchases/${saleId}/cancel`, {
    headers: await bearerHeaders(request, buyer),
  });
  expect(cancelled.status()).toBe(200);

  await confirmButton(page).click();
  await expect(page.getByTestId('step-refusal')).toHaveText(
    'Acha sa a te anile: pa gen lajan ki soti nan kont ou. Fè acha a ankò si ou vle.',
  );
  await expect(page.getByTestId('purchase-balance')).toHaveText('₭ 100,00');
  await expect(waitingBanner(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Achte', exact: true })).toBeEnabled();
  await shot(page, 'purchase-cancelled-elsewhere');
});

test('offline, "Konfime" says there is no connection at once, and nothing is paid later', async ({
  page,
  request,
  context,
}) => {
  test.slow();
  const shop = await openShop(request);
  const product = await shop.addProduct('Chapo pay', 5);
  const buyer = await createUser(request, { user: newUser('Fabiola') });
  await logIn(page, buyer);
  await page.goto(`/purchase/${product}/${shop.companyId}`);
  const saleId = await startAndTypeCode(page, request, buyer);
  // Every confirmation that reached the server: a tap paused offline would be sent again, by
  // itself, as soon as the browser is back online.
  let verifies = 0;
  page.on('requestfinished', (finished) => {
    if (finished.method() === 'POST' && finished.url().endsWith(`/api/purchases/${saleId}/verify`))
      verifies += 1;
  });

  await context.setOffline(true);
  await confirmButton(page).click();
  await expect(page.getByTestId('step-refusal')).toHaveText(NO_CONNECTION);
  await expect(page.getByText('N ap verifye…')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Retounen', exact: true })).toBeEnabled();
  await expect(confirmButton(page)).toBeEnabled();
  await shot(page, 'purchase-offline-confirm');

  // Back online, the buyer taps again: paid once, by this tap. A replay of the offline tap would
  // have been sent on reconnecting, before it, and answered before its success shows.
  await context.setOffline(false);
  await confirmButton(page).click();
  await expect(page.getByRole('heading', { name: 'Acha a fèt!' })).toBeVisible();
  expect(verifies).toBe(1);
  expect(await saleStatus(request, buyer, saleId)).toBe('CONFIRMADA');
});

test('a double tap on "Achte" on a slow network starts one purchase', async ({ page, request }) => {
  const shop = await openShop(request);
  const product = await shop.addProduct('Panye', 5);
  const buyer = await createUser(request, { user: newUser('Jèta') });
  await logIn(page, buyer);
  await page.goto(`/purchase/${product}/${shop.companyId}`);
  await expect(page.getByTestId('purchase-balance')).toHaveText('₭ 100,00');

  let starts = 0;
  // Slow 3G: the purchase's request takes its time.
  await page.route('**/api/purchases', async (route) => {
    if (route.request().method() === 'POST') starts += 1;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  const buy = page.getByRole('button', { name: 'Achte', exact: true });
  await buy.dblclick();
  await expect(page.getByRole('button', { name: 'N ap voye kòd la…' })).toBeDisabled();
  await shot(page, 'purchase-starting');
  await expect(page.getByRole('heading', { name: 'Konfime acha a' })).toBeVisible();
  expect(starts).toBe(1);
});

test('a product with nothing left says it is sold out, on its card and on its buy page', async ({
  page,
  request,
}) => {
  const shop = await openShop(request);
  const none = await shop.addProduct('Djakout', 0);
  const held = await shop.addProduct('Kabann', 1);
  await shop.addProduct('Nat', null);
  // Another buyer's purchase waiting for its code holds the last bed.
  const other = await createUser(request, { user: newUser('Djo') });
  const holding = await request.post('/api/purchases', {
    headers: { ...(await bearerHeaders(request, other)), 'idempotency-key': crypto.randomUUID() },
    data: { produto_id: held, quantidade: 1, preco_unitario_centis: 12_50 },
  });
  expect(holding.status(), await holding.text()).toBe(201);

  const buyer = await createUser(request, { user: newUser('Wozlò') });
  await logIn(page, buyer);
  await page.goto(`/company/${shop.companyId}`);
  for (const name of ['Djakout', 'Kabann']) {
    await expect(page.getByRole('article').filter({ hasText: name })).toContainText('Pa gen ankò');
    await expect(page.getByRole('link', { name: `Achte ${name}` })).toHaveCount(0);
  }
  // Not counted is not sold out.
  await expect(page.getByRole('link', { name: 'Achte Nat' })).toBeVisible();
  await shot(page, 'company-sold-out');

  for (const product of [none, held]) {
    await page.goto(`/purchase/${product}/${shop.companyId}`);
    await expect(page.getByRole('heading', { name: 'Pa gen ankò pou kounye a' })).toBeVisible();
    await expect(page.getByText('Ant 1 ak 0.')).toHaveCount(0);
    await expect(page.getByTestId('purchase-total')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Achte', exact: true })).toHaveCount(0);
  }
  await shot(page, 'purchase-sold-out');
  await page.getByRole('link', { name: 'Retounen nan konpani an' }).click();
  await expect(page).toHaveURL(`/company/${shop.companyId}`);
});
