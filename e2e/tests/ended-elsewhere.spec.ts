import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  bearerHeaders,
  codeOf,
  createUser,
  latestMessage,
  logIn,
  newUser,
  type TestUser,
} from './support/accounts';
import { letToastsGo } from './support/toasts';

// Money that ended elsewhere while this screen waited for its WhatsApp code, at 360×740: a transfer
// cancelled from another tab or phone, and a purchase paid or cancelled elsewhere. What the person
// taps next on the code step (confirm, send the code again, back) says how it ended, shows the
// whole balance again, and offers no waiting code for it any more.

type Headers = Record<string, string>;
type WalletAnswer = { saldo_centis: number; reservado_centis: number; disponivel_centis: number };

const held = (page: Page) => page.getByTestId('held-money');
const refusal = (page: Page) => page.getByTestId('step-refusal');

async function walletOf(request: APIRequestContext, headers: Headers): Promise<WalletAnswer> {
  const answer = await request.get('/api/wallet', { headers });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as WalletAnswer;
}

/** What still waits for its code, as /transfer and the buy page would offer it. */
async function waiting(request: APIRequestContext, headers: Headers, what: 'transfers' | 'purchases') {
  const answer = await request.get(`/api/${what}/pending`, { headers });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { items: unknown[] }).items;
}

async function codeFor(request: APIRequestContext, user: TestUser, purpose: string): Promise<string> {
  return codeOf((await latestMessage(request, user.phone, purpose)).text);
}

// ── A transfer ───────────────────────────────────────────────────────────────────────────────

const CANCELLED_TRANSFER = 'Transfè sa a te anile: lajan an pa soti nan kont ou. Kòmanse ankò si ou vle.';

/** From /transfer to the code step of a ₭25 transfer; the movement's id (the address names it). */
async function startTransfer(page: Page, payee: TestUser): Promise<string> {
  await page.goto('/transfer');
  await page.getByLabel('Telefòn oswa imèl moun k ap resevwa a').fill(payee.email);
  await page.getByRole('button', { name: 'Chèche' }).click();
  await page.getByRole('button', { name: 'Wi, se li' }).click();
  await expect(page.getByTestId('available-balance')).toHaveText('Balans disponib: ₭ 100,00');
  await page.getByLabel('Montan an ₭').fill('25');
  await page.getByRole('button', { name: 'Konfime' }).click();
  await expect(page.getByRole('heading', { name: 'Tcheke WhatsApp ou' })).toBeVisible();
  await page.getByRole('button', { name: 'Antre kòd la' }).click();
  await expect(page.getByRole('heading', { name: 'Antre kòd 6 chif la' })).toBeVisible();
  await expect(page).toHaveURL(/\/transfer\?movimentacao=[0-9a-f-]{36}$/);
  return new URL(page.url()).searchParams.get('movimentacao') ?? '';
}

/** The amount step again, saying why; the whole balance available; /transfer offers nothing held. */
async function expectTransferCancelledShown(page: Page) {
  await expect(refusal(page)).toHaveText(CANCELLED_TRANSFER);
  await expect(page.getByText('Etap 2/4')).toBeVisible();
  await expect(page.getByLabel('Montan an ₭')).toHaveValue('25');
  await expect(page.getByTestId('available-balance')).toHaveText('Balans disponib: ₭ 100,00');
  await expect(page.getByText('Transfè sa a pa an atant ankò.')).toHaveCount(0);
  // Back to the first step, where the transfers waiting for a code are offered: not this one.
  await page.getByRole('button', { name: 'Retounen', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Wi, se li' })).toBeVisible();
  await expect(held(page)).toHaveCount(0);
}

/** What the server holds: the movement cancelled (not expired), nothing held, none waiting. */
async function expectTransferCancelledStored(request: APIRequestContext, headers: Headers, id: string) {
  const detail = await request.get(`/api/wallet/transactions/${id}`, { headers });
  expect(detail.status()).toBe(200);
  expect(await detail.json()).toMatchObject({
    status: 'cancelada',
    expirada: false,
    quantidade_centis: 2_500,
  });
  expect(await walletOf(request, headers)).toMatchObject({
    saldo_centis: 10_000,
    reservado_centis: 0,
    disponivel_centis: 10_000,
  });
  expect(await waiting(request, headers, 'transfers')).toEqual([]);
}

test('a transfer cancelled in another tab: its code says so, the whole balance is back, nothing is offered to resume', async ({
  page,
  request,
  context,
}) => {
  test.slow();
  const payer = await createUser(request, { user: newUser('Yolèn') });
  const payee = await createUser(request, { user: newUser('Sadrak') });
  const headers = await bearerHeaders(request, payer);
  await logIn(page, payer);
  const id = await startTransfer(page, payee);
  expect((await walletOf(request, headers)).reservado_centis).toBe(2_500);

  // Another tab of the same session offers the waiting transfer, and the person cancels it there.
  const other = await context.newPage();
  await other.goto('/transfer');
  await expect(held(other)).toContainText(`₭ 25,00 pou ${payee.fullName}`);
  await held(other).getByRole('button', { name: 'Anile l' }).click();
  await expect(other.locator('[data-sonner-toast]').getByText('Lajan an lib ankò.')).toBeVisible();
  await expect(held(other)).toHaveCount(0);
  await other.close();

  // Back in the first tab, the code from WhatsApp is entered and confirmed.
  await page.getByLabel('Kòd WhatsApp la').fill(await codeFor(request, payer, 'transfer_code'));
  await page.getByRole('button', { name: 'Verifye' }).click();
  await expectTransferCancelledShown(page);
  await expectTransferCancelledStored(request, headers, id);

  // A reload offers nothing either.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Chèche' })).toBeVisible();
  await expect(held(page)).toHaveCount(0);
});

test('a transfer cancelled through the API: "send the code again" says so, and no code is sent', async ({
  page,
  request,
}) => {
  test.slow();
  const payer = await createUser(request, { user: newUser('Fania') });
  const payee = await createUser(request, { user: newUser('Wilfrid') });
  const headers = await bearerHeaders(request, payer);
  // The resend waits 30 s of the page's time: the test moves the page's clock instead.
  await page.clock.install();
  await logIn(page, payer);
  const id = await startTransfer(page, payee);
  await codeFor(request, payer, 'transfer_code');

  const cancelled = await request.post(`/api/transfers/${id}/cancel`, { headers });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  const resend = page.getByRole('button', { name: /^Voye kòd la ankò/ });
  await page.clock.fastForward(30_000);
  await expect(resend).toHaveText('Voye kòd la ankò');
  await resend.click();
  await expectTransferCancelledShown(page);
  await expect(page.locator('[data-sonner-toast]').getByText('Nouvo kòd voye!')).toHaveCount(0);
  await expectTransferCancelledStored(request, headers, id);
  // The resend was refused: the only code message is the first one.
  const outbox = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(payer.phone)}&limit=50`);
  const { items } = (await outbox.json()) as { items: { purpose: string }[] };
  expect(items.filter((message) => message.purpose === 'transfer_code')).toHaveLength(1);
});

test('a transfer completed elsewhere: "back" shows it sent instead of offering its amount again', async ({
  page,
  request,
}) => {
  test.slow();
  const payer = await createUser(request, { user: newUser('Jozèf') });
  const payee = await createUser(request, { user: newUser('Roseline') });
  const headers = await bearerHeaders(request, payer);
  await logIn(page, payer);
  const id = await startTransfer(page, payee);

  // Completed from another phone with the code from WhatsApp.
  const verified = await request.post(`/api/transfers/${id}/verify`, {
    headers,
    data: { codigo: await codeFor(request, payer, 'transfer_code') },
  });
  expect(verified.status(), await verified.text()).toBe(200);

  // Back out of the code step: the amount step would offer to send the ₭25 again.
  await page.getByRole('button', { name: 'Retounen', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Transfè a fèt!' })).toBeVisible();
  await expect(page.getByText(`Ou voye ₭ 25,00 bay ${payee.fullName}.`)).toBeVisible();
  await expect(page.getByLabel('Montan an ₭')).toHaveCount(0);

  const detail = await request.get(`/api/wallet/transactions/${id}`, { headers });
  expect(await detail.json()).toMatchObject({ status: 'concluida', quantidade_centis: 2_500 });
  expect(await walletOf(request, headers)).toMatchObject({
    saldo_centis: 7_500,
    reservado_centis: 0,
    disponivel_centis: 7_500,
  });
  expect(await waiting(request, headers, 'transfers')).toEqual([]);
});

// ── A purchase ───────────────────────────────────────────────────────────────────────────────

const CANCELLED_PURCHASE = 'Acha sa a te anile: pa gen lajan ki soti nan kont ou. Fè acha a ankò si ou vle.';
const NOT_PENDING_PURCHASE = 'Acha sa a pa an atant ankò.';
const waitingBanner = (page: Page) => page.getByText('Yon acha ap tann kòd li');

type Shop = { companyId: string; productId: string };

/** A seller's product at ₭12,50, five in stock, set up through the API. */
async function openShop(request: APIRequestContext, nome: string): Promise<Shop> {
  const seller = await createUser(request, { user: newUser('Dieula') });
  const headers = await bearerHeaders(request, seller);
  const created = await request.post('/api/companies', {
    headers,
    data: { nome: `Boutik Dieula ${Date.now().toString(36)}`, descricao: 'Tout bagay', categoria: 'sewing' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const companyId = ((await created.json()) as { id: string }).id;
  const product = await request.post(`/api/companies/${companyId}/products`, {
    headers,
    data: { nome, descricao: 'Fèt lakay', categoria: 'clothing', preco_centis: 12_50, estoque: 5 },
  });
  expect(product.status(), await product.text()).toBe(201);
  return { companyId, productId: ((await product.json()) as { id: string }).id };
}

/** The buy page, "Achte", and the code step; the sale's id (the address names it). */
async function startPurchase(page: Page, shop: Shop): Promise<string> {
  await page.goto(`/purchase/${shop.productId}/${shop.companyId}`);
  await expect(page.getByTestId('purchase-balance')).toHaveText('₭ 100,00');
  await page.getByRole('button', { name: 'Achte', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Konfime acha a' })).toBeVisible();
  await expect(page).toHaveURL(/venda=/);
  // The code's toast sits over the step's buttons until it goes.
  await letToastsGo(page);
  return new URL(page.url()).searchParams.get('venda') ?? '';
}

async function saleOf(request: APIRequestContext, headers: Headers, saleId: string) {
  const answer = await request.get(`/api/purchases/${saleId}`, { headers });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { status: string };
}

/** The success of a purchase paid elsewhere, and its balance after paying, nothing held. */
async function expectPaidShown(page: Page, request: APIRequestContext, headers: Headers, saleId: string) {
  await expect(page.getByRole('heading', { name: 'Acha a fèt!' })).toBeVisible();
  await expect(page.getByTestId('paid-total')).toHaveText('₭ 12,50');
  await expect(page.getByText(NOT_PENDING_PURCHASE)).toHaveCount(0);
  await expect(waitingBanner(page)).toHaveCount(0);
  expect((await saleOf(request, headers, saleId)).status).toMatch(/^(CONFIRMADA|CONCLUIDA)$/);
  expect(await walletOf(request, headers)).toMatchObject({
    saldo_centis: 8_750,
    reservado_centis: 0,
    disponivel_centis: 8_750,
  });
  expect(await waiting(request, headers, 'purchases')).toEqual([]);
}

/** The buy form again, the whole balance, no banner for the sale; the server holds nothing. */
async function expectCancelledPurchase(
  page: Page,
  request: APIRequestContext,
  headers: Headers,
  saleId: string,
) {
  await expect(page.getByRole('button', { name: 'Achte', exact: true })).toBeEnabled();
  await expect(page.getByTestId('purchase-balance')).toHaveText('₭ 100,00');
  await expect(waitingBanner(page)).toHaveCount(0);
  await expect(page.getByText(NOT_PENDING_PURCHASE)).toHaveCount(0);
  expect((await saleOf(request, headers, saleId)).status).toBe('CANCELADA');
  expect(await walletOf(request, headers)).toMatchObject({ reservado_centis: 0, disponivel_centis: 10_000 });
  expect(await waiting(request, headers, 'purchases')).toEqual([]);
}

test('a purchase paid in another tab: "send the code again" shows it paid, with the new balance', async ({
  page,
  request,
  context,
}) => {
  test.slow();
  const shop = await openShop(request, 'Kabas');
  const buyer = await createUser(request, { user: newUser('Rozana') });
  const headers = await bearerHeaders(request, buyer);
  await page.clock.install();
  await logIn(page, buyer);
  const saleId = await startPurchase(page, shop);

  // The other tab offers the purchase waiting for its code, and pays it with the WhatsApp code.
  const other = await context.newPage();
  await other.goto(`/purchase/${shop.productId}/${shop.companyId}`);
  await held(other).getByRole('button', { name: 'Antre kòd la' }).click();
  await expect(other.getByRole('heading', { name: 'Konfime acha a' })).toBeVisible();
  const cells = other.getByRole('group', { name: 'Kòd 6 chif' }).getByRole('textbox');
  await cells.first().fill(await codeFor(request, buyer, 'purchase_code'));
  await letToastsGo(other);
  await other.getByRole('button', { name: 'Konfime', exact: true }).click();
  await expect(other.getByRole('heading', { name: 'Acha a fèt!' })).toBeVisible();
  await other.close();

  // The first tab still shows the code step; its code is asked for again.
  const resend = page.getByRole('button', { name: /^Voye kòd la ankò/ });
  await page.clock.fastForward(30_000);
  await expect(resend).toHaveText('Voye kòd la ankò');
  await resend.click();
  await expectPaidShown(page, request, headers, saleId);
  await expect(page.locator('[data-sonner-toast]').getByText('Nouvo kòd voye!')).toHaveCount(0);
});

test('a purchase cancelled elsewhere: "send the code again" says it was cancelled, the money is free', async ({
  page,
  request,
}) => {
  test.slow();
  const shop = await openShop(request, 'Chapo');
  const buyer = await createUser(request, { user: newUser('Mirlande') });
  const headers = await bearerHeaders(request, buyer);
  await page.clock.install();
  await logIn(page, buyer);
  const saleId = await startPurchase(page, shop);
  expect((await walletOf(request, headers)).reservado_centis).toBe(12_50);

  const cancelled = await request.post(`/api/purchases/${saleId}/cancel`, { headers });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  const resend = page.getByRole('button', { name: /^Voye kòd la ankò/ });
  await page.clock.fastForward(30_000);
  await expect(resend).toHaveText('Voye kòd la ankò');
  await resend.click();
  await expect(refusal(page)).toHaveText(CANCELLED_PURCHASE);
  await expectCancelledPurchase(page, request, headers, saleId);
});

test('a purchase paid elsewhere: "back" shows it paid instead of cancelling it', async ({
  page,
  request,
}) => {
  test.slow();
  const shop = await openShop(request, 'Sapat');
  const buyer = await createUser(request, { user: newUser('Gerda') });
  const headers = await bearerHeaders(request, buyer);
  await logIn(page, buyer);
  const saleId = await startPurchase(page, shop);

  // Paid from another phone with the code from WhatsApp.
  const paid = await request.post(`/api/purchases/${saleId}/verify`, {
    headers,
    data: { codigo: await codeFor(request, buyer, 'purchase_code') },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  expect(((await paid.json()) as { success: boolean }).success).toBe(true);

  await page.getByRole('button', { name: 'Retounen', exact: true }).click();
  await expectPaidShown(page, request, headers, saleId);
});

test('a purchase cancelled elsewhere: "back" goes to the form with the whole balance and no waiting banner', async ({
  page,
  request,
}) => {
  test.slow();
  const shop = await openShop(request, 'Panyen');
  const buyer = await createUser(request, { user: newUser('Nadia') });
  const headers = await bearerHeaders(request, buyer);
  await logIn(page, buyer);
  const saleId = await startPurchase(page, shop);

  const cancelled = await request.post(`/api/purchases/${saleId}/cancel`, { headers });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  await page.getByRole('button', { name: 'Retounen', exact: true }).click();
  await expectCancelledPurchase(page, request, headers, saleId);
  // No error was told about the back that found the sale voided already.
  await expect(refusal(page)).toHaveCount(0);
  await expect(page.locator('[data-sonner-toast]').getByText(NOT_PENDING_PURCHASE)).toHaveCount(0);
});
