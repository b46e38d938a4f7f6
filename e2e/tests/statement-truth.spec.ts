import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { createUser, latestMessage, logIn, newUser, type TestUser } from './support/accounts';

// The statement tells the truth — only posted money reaches the payee, a purchase
// reads as a purchase (and a sale as a sale), and at 360 px a row's status is never cut off.

const SHOTS = '/tmp/kc/shots/statement-truth';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const toasts = (page: Page) => page.locator('[data-sonner-toast]');

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await expect(toasts(page)).toHaveCount(0, { timeout: 10_000 });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled', fullPage: true });
}

type Api = { request: APIRequestContext; token: string };

async function signedIn(request: APIRequestContext, user: TestUser): Promise<Api> {
  const answer = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(answer.status()).toBe(200);
  return { request, token: ((await answer.json()) as { access_token: string }).access_token };
}

async function call(api: Api, url: string, data: object = {}) {
  const answer = await api.request.post(url, {
    headers: { authorization: `Bearer ${api.token}`, 'idempotency-key': crypto.randomUUID() },
    data,
  });
  expect(answer.status(), await answer.text()).toBeLessThan(300);
  return answer.json();
}

async function codeIn(request: APIRequestContext, phone: string, purpose: string): Promise<string> {
  const message = await latestMessage(request, phone, purpose);
  const code = /\*(\d{6})\*/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in: ${message.text}`);
  return code;
}

/** The label under a row's amount: shown whole, inside the 360 px screen. */
async function expectWholeLabel(row: Locator, text: string) {
  const label = row.getByTestId('row-state');
  await expect(label).toHaveText(text);
  const fits = await label.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return el.scrollWidth <= el.clientWidth && box.left >= 0 && box.right <= window.innerWidth;
  });
  expect(fits, `"${text}" is cut off`).toBe(true);
}

const decorationOf = (amount: Locator) => amount.evaluate((el) => getComputedStyle(el).textDecorationLine);
const colourOf = (amount: Locator) => amount.evaluate((el) => getComputedStyle(el).color);

test('the payee sees only posted money; the payer sees every attempt, labelled; a purchase reads as one', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const payer = await createUser(request, { user: newUser('Jozef') });
  const payee = await createUser(request, { user: newUser('Woslin') });
  const seller = await createUser(request, { user: newUser('Lisyen') });
  const asPayer = await signedIn(request, payer);
  const asSeller = await signedIn(request, seller);

  // The seller's shop and one product.
  const company = await call(asSeller, '/api/companies', {
    nome: 'Boutik Lisyen',
    descricao: 'Manje ak pwovizyon',
    categoria: 'bakery',
  });
  const product = await call(asSeller, `/api/companies/${company.id}/products`, {
    nome: 'Diri blan',
    descricao: 'Sak 5 liv',
    categoria: 'food',
    preco_centis: 375,
    estoque: 10,
  });

  // The payer: one transfer posted, one cancelled, one purchase of 2, one transfer left pending.
  const posted = (
    await call(asPayer, '/api/transfers', { destinatario_email: payee.email, quantidade_centis: 1250 })
  ).movimentacao_id as string;
  await call(asPayer, `/api/transfers/${posted}/verify`, {
    codigo: await codeIn(request, payer.phone, 'transfer_code'),
  });
  const cancelled = (
    await call(asPayer, '/api/transfers', { destinatario_email: payee.email, quantidade_centis: 750 })
  ).movimentacao_id as string;
  await call(asPayer, `/api/transfers/${cancelled}/cancel`);
  const sale = (await call(asPayer, '/api/purchases', { produto_id: product.id, quantidade: 2 }))
    .venda_id as string;
  const bought = await call(asPayer, `/api/purchases/${sale}/verify`, {
    codigo: await codeIn(request, payer.phone, 'purchase_code'),
  });
  expect(bought.success).toBe(true);
  const pending = (
    await call(asPayer, '/api/transfers', { destinatario_email: payee.email, quantidade_centis: 2000 })
  ).movimentacao_id as string;

  // The payer's home: the three newest, each saying what it is; the status never cut off.
  await logIn(page, payer);
  const recent = page.locator('section[aria-labelledby="recent-title"] li').getByRole('link');
  await expect(recent).toHaveCount(3);
  const [pendingRow, purchaseRow, cancelledRow] = [recent.nth(0), recent.nth(1), recent.nth(2)];
  await expect(pendingRow).toContainText(payee.fullName);
  await expect(pendingRow.getByTestId('row-amount')).toHaveText('-₭ 20,00');
  await expectWholeLabel(pendingRow, 'An atant');
  await expectWholeLabel(cancelledRow, 'Anile');
  await expect(purchaseRow).toContainText('Diri blan × 2');
  await expect(purchaseRow).toContainText('Ou achte · Boutik Lisyen');
  await expect(purchaseRow.getByTestId('row-state')).toHaveCount(0);
  await shot(page, 'home-payer');

  // The statement: the pending amount does not look like a completed one; the cancelled one is struck through.
  await page.goto('/statement');
  const rows = page.getByTestId('statement-rows').getByRole('link');
  await expect(rows).toHaveCount(5);
  const completedRow = rows.nth(3);
  await expect(completedRow).toContainText('Ou voye');
  await expect(completedRow.getByTestId('row-state')).toHaveCount(0);
  expect(await colourOf(rows.nth(0).getByTestId('row-amount'))).not.toBe(
    await colourOf(completedRow.getByTestId('row-amount')),
  );
  expect(await decorationOf(rows.nth(2).getByTestId('row-amount'))).toContain('line-through');
  expect(await decorationOf(completedRow.getByTestId('row-amount'))).not.toContain('line-through');
  await expectWholeLabel(rows.nth(0), 'An atant');
  await expectWholeLabel(rows.nth(2), 'Anile');
  await shot(page, 'statement-payer');
  await page.getByRole('tab', { name: 'Voye' }).click();
  await expect(rows).toHaveCount(4);
  await expectWholeLabel(rows.nth(0), 'An atant');

  // The details, as the payer sees them.
  await page.goto(`/transaction/${pending}`);
  await expect(page.getByTestId('transaction-status')).toHaveText('An atant');
  await shot(page, 'detail-pending');
  await page.goto(`/transaction/${cancelled}`);
  await expect(page.getByTestId('transaction-status')).toHaveText('Anile');
  await shot(page, 'detail-cancelled-payer');
  await page.goto(`/transaction/${posted}`);
  await expect(page.getByTestId('transaction-status')).toHaveText('Konfime');
  await shot(page, 'detail-completed');
  const purchaseId = await (async () => {
    await page.goto('/statement');
    await rows.nth(1).click();
    await expect(page).toHaveURL(/\/transaction\/[0-9a-f-]{36}$/);
    return page.url().split('/').at(-1) ?? '';
  })();
  const summary = page.getByTestId('summary-card');
  await expect(summary).toContainText('Acha');
  await expect(summary).toContainText('-₭ 7,50');
  const details = page.getByTestId('details-card');
  await expect(details).toContainText('Pwodwi oswa sèvisDiri blan');
  await expect(details).toContainText('Kantite2');
  await expect(details).toContainText('Pri inite₭ 3,75');
  await expect(details).toContainText('KonpaniBoutik Lisyen');
  await expect(page.getByTestId('notes-card')).toHaveCount(0);
  // The only id on the screen is the transaction's own number.
  const shown = ((await page.locator('main').textContent()) ?? '').replace(purchaseId, '');
  expect(shown).not.toMatch(UUID);
  await shot(page, 'detail-purchase-buyer');

  // The payee: the posted ₭12,50 and nothing of the cancelled or pending attempts, anywhere.
  const payeeContext = await browser.newContext();
  const payeePage = await payeeContext.newPage();
  await logIn(payeePage, payee);
  await expect(payeePage.getByTestId('balance')).toHaveText('₭ 112,50');
  const payeeRecent = payeePage.locator('section[aria-labelledby="recent-title"] li').getByRole('link');
  await expect(payeeRecent).toHaveCount(2);
  await expect(payeeRecent.first()).toContainText('+₭ 12,50');
  for (const hidden of ['Anile', 'An atant', '7,50', '20,00'])
    await expect(payeePage.locator('main')).not.toContainText(hidden);
  await shot(payeePage, 'home-payee');
  await payeePage.goto('/statement');
  const payeeRows = payeePage.getByTestId('statement-rows').getByRole('link');
  await expect(payeeRows).toHaveCount(2);
  await payeePage.getByRole('tab', { name: 'Resevwa' }).click();
  await expect(payeeRows).toHaveCount(1);
  await expect(payeeRows.first()).toContainText('Ou resevwa');
  await expect(payeeRows.first()).toContainText('+₭ 12,50');
  await shot(payeePage, 'statement-payee-received');
  // A cancelled attempt's detail does not exist for the payee: not found, back to the statement.
  await payeePage.goto(`/transaction/${cancelled}`);
  await expect(payeePage).toHaveURL('/statement');
  await expect(payeePage.getByText('Nou pa jwenn tranzaksyon sa a.')).toBeVisible();
  await payeeContext.close();

  // Another buyer's purchase waits for its code: not money yet, so not on the seller's statement.
  const waiting = await signedIn(request, await createUser(request, { user: newUser('Klodet') }));
  await call(waiting, '/api/purchases', { produto_id: product.id, quantidade: 1 });

  // The seller: a sale, never a "Venda <id>".
  const sellerContext = await browser.newContext();
  const sellerPage = await sellerContext.newPage();
  await logIn(sellerPage, seller);
  // The company's sales list names the waiting one, and its amount does not look paid.
  await sellerPage.goto(`/company/${company.id}`);
  const sales = sellerPage.getByTestId('sale');
  await expect(sales).toHaveCount(2);
  await expect(sales.first()).toContainText('An atant');
  expect(await colourOf(sales.first().getByText('₭ 3,75'))).not.toBe(
    await colourOf(sales.nth(1).getByText('₭ 7,50')),
  );
  await sales.first().scrollIntoViewIfNeeded();
  await shot(sellerPage, 'company-sales-seller');
  await sellerPage.goto('/statement?tab=received');
  const saleRow = sellerPage.getByTestId('statement-rows').getByRole('link');
  await expect(saleRow).toHaveCount(1);
  await expect(saleRow).toContainText('Diri blan × 2');
  await expect(saleRow).toContainText(`Ou vann · ${payer.fullName}`);
  await expect(saleRow).toContainText('+₭ 7,50');
  expect((await sellerPage.locator('main').textContent()) ?? '').not.toMatch(UUID);
  await shot(sellerPage, 'statement-seller');
  await saleRow.click();
  await expect(sellerPage.getByTestId('summary-card')).toContainText('Vant');
  const sellerDetails = sellerPage.getByTestId('details-card');
  await expect(sellerDetails).toContainText('Kantite2');
  await expect(sellerDetails).toContainText('KonpaniBoutik Lisyen');
  await expect(sellerDetails).toContainText(`Moun ki achte${payer.fullName}`);
  await shot(sellerPage, 'detail-purchase-seller');
  await sellerPage.goto('/home');
  await expect(
    sellerPage.locator('section[aria-labelledby="recent-title"] li').getByRole('link').first(),
  ).toContainText('Ou vann');
  await shot(sellerPage, 'home-seller');
  await sellerContext.close();
});
