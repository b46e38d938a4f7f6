import { copyFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, type TestInfo, test } from '@playwright/test';
import { createUser, latestMessage, logIn, newUser, type TestUser } from './support/accounts';
import { letToastsGo } from './support/toasts';

// A seller opens a company and a service in the UI, a buyer pays for 2 units with the
// WhatsApp code, both balances move by the total, and the seller sees the sale — at 360×740.

const toasts = (page: Page) => page.locator('[data-sonner-toast]');

/** The 6 digits of the newest purchase code sent to the buyer's WhatsApp (the dev outbox). */
async function purchaseCode(request: APIRequestContext, buyer: TestUser): Promise<string> {
  const message = await latestMessage(request, buyer.phone, 'purchase_code');
  const code = /\*(\d{6})\*/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in: ${message.text}`);
  return code;
}

/** Closes the toasts, for a picture of the screen itself (one leaving has no button to click). */
async function dismissToasts(page: Page) {
  for (let round = 0; round < 20 && (await toasts(page).count()) > 0; round += 1) {
    await toasts(page)
      .first()
      .locator('[data-close-button]')
      .click({ timeout: 1_000 })
      .catch(() => {});
    await page.waitForTimeout(150);
  }
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await dismissToasts(page);
  const path = testInfo.outputPath(`${name}-360.png`);
  await page.screenshot({ path, animations: 'disabled' });
  await testInfo.attach(`${name}-360`, { path, contentType: 'image/png' });
  copyFileSync(path, `/tmp/shot-${name}.png`);
}

/** An access token for API set-up steps that are not what a test is about. */
async function tokenOf(request: APIRequestContext, user: TestUser): Promise<string> {
  const answer = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

test('a seller opens a company and a service; a buyer pays 2 × ₭ 12,50 with the WhatsApp code', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.slow();
  const seller = await createUser(request, { user: newUser('Jozèf') });
  const buyer = await createUser(request, { user: newUser('Lamèsi') });
  const companyName = `Boulanjri Lakay ${Date.now().toString(36)}`;

  // The seller, in a browser of their own.
  const sellerContext = await browser.newContext();
  const sellerPage = await sellerContext.newPage();
  await logIn(sellerPage, seller);
  await sellerPage.getByRole('link', { name: 'Konpani' }).click();
  await expect(sellerPage).toHaveURL('/companies');
  await sellerPage.getByRole('link', { name: 'Kreye konpani mwen' }).click();
  await expect(sellerPage).toHaveURL('/create-company');

  // Required fields first, then an optional e-mail that is not one.
  await sellerPage.getByRole('button', { name: 'Kreye konpani an' }).click();
  await expect(sellerPage.getByText('Non konpani an obligatwa')).toBeVisible();
  await expect(sellerPage.getByText('Deskripsyon an obligatwa')).toBeVisible();
  await expect(sellerPage.getByText('Kategori a obligatwa')).toBeVisible();
  await sellerPage.getByLabel('Non konpani an').fill(companyName);
  await sellerPage.getByLabel('Deskripsyon').fill('Pen cho chak maten nan Pòtoprens.');
  await sellerPage.getByLabel('Kategori').selectOption({ label: 'Boulanjri' });
  await sellerPage.getByLabel(/Imèl konpani an/).fill('pa-yon-imel');
  await sellerPage.getByRole('button', { name: 'Kreye konpani an' }).click();
  await expect(sellerPage.getByText('Imèl la pa valab. Egzanp: non@egzanp.com')).toBeVisible();
  await sellerPage.getByLabel(/Imèl konpani an/).fill('');
  await screenshot(sellerPage, testInfo, 'create-company');
  await sellerPage.getByRole('button', { name: 'Kreye konpani an' }).click();

  await expect(sellerPage).toHaveURL(/\/company\/[0-9a-f-]{36}$/);
  const companyId = sellerPage.url().split('/').at(-1) ?? '';
  await expect(sellerPage.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  await expect(sellerPage.getByText('Boulanjri', { exact: true })).toBeVisible();

  // One company per user: the create screen now points to it.
  await sellerPage.goto('/create-company');
  await expect(sellerPage.getByText('Konpani an deja egziste')).toBeVisible();
  await expect(sellerPage.getByText('Ou deja gen yon konpani ki anrejistre.')).toBeVisible();
  await sellerPage.getByRole('link', { name: 'Ale nan konpani mwen' }).click();
  await expect(sellerPage).toHaveURL(`/company/${companyId}`);

  // The owner adds a service; the form speaks Creole.
  await sellerPage.getByRole('link', { name: 'Ajoute yon sèvis' }).click();
  await expect(sellerPage).toHaveURL(`/create-service/${companyId}`);
  await expect(sellerPage.getByRole('heading', { level: 1, name: 'Kreye Sèvis' })).toBeVisible();
  await expect(sellerPage.getByText(companyName)).toBeVisible();
  await sellerPage.getByRole('button', { name: 'Kreye sèvis la' }).click();
  for (const message of [
    'Non sèvis la obligatwa',
    'Deskripsyon an obligatwa',
    'Kategori a obligatwa',
    'Pri a dwe pi gwo pase zewo',
  ]) {
    await expect(sellerPage.getByText(message)).toBeVisible();
  }
  await sellerPage.getByLabel('Non sèvis la').fill('Pen ak manba');
  await sellerPage.getByLabel('Deskripsyon').fill('Yon pen fre ak manba lakay.');
  await sellerPage.getByLabel('Kategori').selectOption({ label: 'Manje' });
  const price = sellerPage.getByLabel('Pri an KreyolCash (₭)');
  await expect(price).toHaveAttribute('inputmode', 'decimal');
  await price.fill('0,00');
  await sellerPage.getByRole('button', { name: 'Kreye sèvis la' }).click();
  await expect(sellerPage.getByText('Pri a dwe pi gwo pase zewo')).toBeVisible();
  await price.fill('12,50');
  await sellerPage.getByLabel(/^Stòk/).fill('5');
  await screenshot(sellerPage, testInfo, 'create-service');
  await sellerPage.getByRole('button', { name: 'Kreye sèvis la' }).click();

  await expect(toasts(sellerPage).getByText('Sèvis la kreye ak siksè')).toBeVisible();
  await expect(sellerPage).toHaveURL(`/company/${companyId}`);
  const sellerProduct = sellerPage.getByRole('article').filter({ hasText: 'Pen ak manba' });
  await expect(sellerProduct).toContainText('₭ 12,50');
  await expect(sellerProduct).toContainText('Stòk: 5');
  await expect(sellerProduct).toContainText('Manje');
  // Spec §6: no buy button on one's own company; the sales list instead.
  await expect(sellerPage.getByRole('link', { name: /^Achte/ })).toHaveCount(0);
  await expect(sellerPage.getByText('Ou poko fè okenn vant.')).toBeVisible();

  // The buyer finds the company on the list.
  await logIn(page, buyer);
  await page.goto('/companies');
  const card = page.getByRole('link', { name: new RegExp(companyName) });
  await expect(card).toContainText('Boulanjri');
  await expect(card).toContainText('Pen cho chak maten');
  await expect(page.getByRole('link', { name: 'Kreye konpani mwen' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kreye sèvis' })).toHaveCount(0);
  await screenshot(page, testInfo, 'companies');
  await card.click();
  await expect(page).toHaveURL(`/company/${companyId}`);
  const buyPen = page.getByRole('link', { name: 'Achte Pen ak manba' });
  await expect(buyPen).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ajoute yon sèvis' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Vant ou yo' })).toHaveCount(0);
  await screenshot(page, testInfo, 'company');

  await buyPen.click();
  await expect(page).toHaveURL(new RegExp(`/purchase/[0-9a-f-]{36}/${companyId}$`));
  await expect(page.getByTestId('purchase-balance')).toHaveText('₭ 100,00');
  const quantity = page.getByLabel('Kantite', { exact: true });
  await expect(quantity).toHaveValue('1');
  await expect(page.getByTestId('purchase-total')).toHaveText('₭ 12,50');
  // Within 1 and the stock; what is not a number is 1.
  await quantity.fill('9');
  await quantity.blur();
  await expect(quantity).toHaveValue('5');
  await quantity.fill('abc');
  await quantity.blur();
  await expect(quantity).toHaveValue('1');
  await page.getByRole('button', { name: 'Youn anplis' }).click();
  await expect(quantity).toHaveValue('2');
  await expect(page.getByTestId('purchase-total')).toHaveText('₭ 25,00');
  await screenshot(page, testInfo, 'purchase');
  await page.getByRole('button', { name: 'Achte', exact: true }).click();

  // The code: six cells, off until six digits; a wrong code stays here with the attempts left.
  await expect(page.getByRole('heading', { name: 'Konfime acha a' })).toBeVisible();
  await expect(toasts(page).getByText('Kòd voye!')).toBeVisible();
  await expect(page.getByTestId('verify-total')).toHaveText('₭ 25,00');
  const cells = page.getByRole('group', { name: 'Kòd 6 chif' }).getByRole('textbox');
  await expect(cells).toHaveCount(6);
  await expect(cells.first()).toHaveAttribute('inputmode', 'numeric');
  await expect(cells.first()).toHaveAttribute('autocomplete', 'one-time-code');
  const confirm = page.getByRole('button', { name: 'Konfime', exact: true });
  await expect(confirm).toBeDisabled();
  await cells.first().pressSequentially('123');
  await expect(cells.nth(3)).toBeFocused();
  await screenshot(page, testInfo, 'purchase-code');
  await confirm.click({ force: true });
  await expect(page.getByText('Antre kòd 6 chif la.')).toBeVisible();

  const code = await purchaseCode(request, buyer);
  const wrong = code === '111111' ? '222222' : '111111';
  await cells.first().fill(wrong);
  await expect(cells.nth(5)).toHaveValue(wrong[5] ?? '');
  await confirm.click();
  await expect(page.getByTestId('step-refusal')).toHaveText('Kòd la pa kòrèk. Ou gen 2 chans ankò.');
  await expect(page.getByRole('heading', { name: 'Konfime acha a' })).toBeVisible();
  await expect(cells.first()).toHaveValue('');

  // A pasted code fills all six cells.
  await cells.nth(2).evaluate((cell, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    cell.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, code);
  for (const [index, digit] of [...code].entries()) await expect(cells.nth(index)).toHaveValue(digit);
  await confirm.click();

  // Success: the summary, the seller told a second later, a chat link with a message.
  await expect(page.getByRole('heading', { name: 'Acha a fèt!' })).toBeVisible();
  await expect(page.getByText('Pen ak manba', { exact: true })).toBeVisible();
  await expect(page.getByTestId('paid-total')).toHaveText('₭ 25,00');
  await expect(
    toasts(page).getByText('Machann nan resevwa yon mesaj sou WhatsApp pou vant lan.'),
  ).toBeVisible();
  const chat = page.getByRole('link', { name: 'Ekri machann nan sou WhatsApp' });
  await expect(chat).toHaveAttribute('target', '_blank');
  await expect(chat).toHaveAttribute('rel', /noopener/);
  const chatUrl = new URL((await chat.getAttribute('href')) ?? '');
  expect(`${chatUrl.origin}${chatUrl.pathname}`).toBe(`https://wa.me/${seller.phone.replace(/\D/g, '')}`);
  expect(chatUrl.searchParams.get('text')).toContain('"Pen ak manba" (kantite: 2)');
  await screenshot(page, testInfo, 'purchase-done');
  await page.getByRole('link', { name: 'Retounen nan konpani an' }).click();
  await expect(page).toHaveURL(`/company/${companyId}`);
  await expect(page.getByRole('article').filter({ hasText: 'Pen ak manba' })).toContainText('Stòk: 3');

  // Both balances moved by the total.
  await page.goto('/home');
  await expect(page.getByTestId('balance')).toHaveText('₭ 75,00');
  await sellerPage.goto('/home');
  await expect(sellerPage.getByTestId('balance')).toHaveText('₭ 125,00');

  // The seller sees the sale, and heard of it on WhatsApp.
  await sellerPage.goto(`/company/${companyId}`);
  const sale = sellerPage.getByTestId('sale');
  await expect(sale).toHaveCount(1);
  await expect(sale).toContainText('Pen ak manba');
  await expect(sale).toContainText(`${buyer.fullName} · Kantite: 2`);
  await expect(sale).toContainText('₭ 25,00');
  await expect(sale).toContainText('Konfime');
  await expect(sale).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await screenshot(sellerPage, testInfo, 'company-owner');
  const newSale = await latestMessage(request, seller.phone, 'new_sale');
  expect(newSale.text).toContain('Pen ak manba');
  expect(newSale.text).toContain('Kantite: 2');
  expect(newSale.text).toContain('₭ 25,00');
  expect(newSale.text).toContain(buyer.fullName);
  // On the list, the owner's card offers a new service, and "create" became "my company".
  await sellerPage.goto('/companies');
  await expect(sellerPage.getByRole('link', { name: 'Kreye konpani mwen' })).toHaveCount(0);
  await expect(sellerPage.getByRole('link', { name: 'Konpani mwen' })).toHaveAttribute(
    'href',
    `/company/${companyId}`,
  );
  await expect(sellerPage.getByRole('link', { name: 'Kreye sèvis' })).toHaveAttribute(
    'href',
    `/create-service/${companyId}`,
  );
  await sellerPage.goto('/dev/outbox');
  await expect(
    sellerPage
      .getByRole('listitem')
      .filter({ hasText: `Pou ${seller.phone}` })
      .first(),
  ).toContainText('ou gen yon nouvo vant');
  await sellerContext.close();
});

test('the purchase says when the balance is short, backing out of the code frees the sale, unknown ids go back', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const seller = await createUser(request, { user: newUser('Tida') });
  const buyer = await createUser(request, { user: newUser('Wobè') });
  const headers = { authorization: `Bearer ${await tokenOf(request, seller)}` };
  const created = await request.post('/api/companies', {
    headers,
    data: { nome: `Atelye Tida ${Date.now().toString(36)}`, descricao: 'Rad sou mezi', categoria: 'sewing' },
  });
  expect(created.status()).toBe(201);
  const company = (await created.json()) as { id: string };
  const addService = async (nome: string, preco_centis: number, estoque?: number) => {
    const answer = await request.post(`/api/companies/${company.id}/products`, {
      headers,
      data: { nome, descricao: 'Fèt alamen', categoria: 'clothing', preco_centis, estoque },
    });
    expect(answer.status()).toBe(201);
    return ((await answer.json()) as { id: string }).id;
  };
  const dress = await addService('Wòb maryaj', 150_00);
  const shirt = await addService('Chemiz', 40_00);
  const lastBag = await addService('Dènye sak', 5_00, 1);

  await logIn(page, buyer);

  // ₭ 150,00 against ₭ 100,00: the warning, and a button that says why instead of buying.
  await page.goto(`/purchase/${dress}/${company.id}`);
  await expect(page.getByText('Balans ou pa ase pou acha sa a: total la se ₭ 150,00.')).toBeVisible();
  const buy = page.getByRole('button', { name: 'Achte', exact: true });
  await expect(buy).toBeDisabled();
  await buy.click({ force: true });
  await expect(page.getByTestId('step-refusal').getByText('Balans ou pa ase', { exact: true })).toBeVisible();
  await expect(
    page.getByTestId('step-refusal').getByText('Ou bezwen ₭ 150,00. Balans ou: ₭ 100,00.'),
  ).toBeVisible();

  // Back from the code cancels the pending sale: its ₭ 80,00 is free again for another try.
  await page.goto(`/purchase/${shirt}/${company.id}`);
  await page.getByLabel('Kantite', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Achte', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Konfime acha a' })).toBeVisible();
  // The code's toast sits over the step's back button until it goes.
  await letToastsGo(page);
  await page.getByRole('button', { name: 'Retounen', exact: true }).click();
  await expect(page.getByTestId('purchase-total')).toHaveText('₭ 80,00');
  await expect(page.getByLabel('Kantite', { exact: true })).toHaveValue('2');
  await expect(page.getByText('Disponib:')).toHaveCount(0);
  await page.getByRole('button', { name: 'Achte', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Konfime acha a' })).toBeVisible();

  // The last one in stock: once bought it is sold out, and the success screen stays.
  await page.goto(`/purchase/${lastBag}/${company.id}`);
  await expect(page.getByText('Ant 1 ak 1.')).toBeVisible();
  await page.getByRole('button', { name: 'Achte', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Konfime acha a' })).toBeVisible();
  await page
    .getByRole('group', { name: 'Kòd 6 chif' })
    .getByRole('textbox')
    .first()
    .fill(await purchaseCode(request, buyer));
  await page.getByRole('button', { name: 'Konfime', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Acha a fèt!' })).toBeVisible();
  await page.waitForTimeout(1_500);
  await expect(page.getByRole('heading', { name: 'Acha a fèt!' })).toBeVisible();
  await page.getByRole('link', { name: 'Retounen nan konpani an' }).click();
  await expect(page.getByRole('article').filter({ hasText: 'Dènye sak' })).toHaveCount(0);

  // Unknown company and product: a message, then the list of companies.
  await page.goto('/company/00000000-0000-4000-8000-000000000000');
  await expect(toasts(page).getByText('Konpani an pa jwenn')).toBeVisible();
  await expect(page).toHaveURL('/companies');
  await page.goto(`/purchase/00000000-0000-4000-8000-000000000000/${company.id}`);
  await expect(toasts(page).getByText(/Pwodui a pa jwenn/)).toBeVisible();
  await expect(page).toHaveURL('/companies');
  await page.goto('/create-service/00000000-0000-4000-8000-000000000000');
  await expect(toasts(page).getByText('Konpani an pa jwenn')).toBeVisible();
  await expect(page).toHaveURL('/companies');
  // Someone else's company: no service to add there.
  await page.goto(`/create-service/${company.id}`);
  await expect(page.getByText('Se sèlman mèt konpani an ki ka ajoute sèvis.')).toBeVisible();
});

test('without a session, creating a company says to log in first', async ({ page }) => {
  await page.goto('/create-company');
  await expect(page).toHaveURL('/login');
  await expect(toasts(page).getByText('Ou dwe konekte pou w kreye yon konpani.')).toBeVisible();
  await page.goto('/purchase/1/1');
  await expect(page).toHaveURL('/login');
  await expect(toasts(page).getByText('Ou pa konekte. Tanpri konekte ankò.')).toBeVisible();
});
