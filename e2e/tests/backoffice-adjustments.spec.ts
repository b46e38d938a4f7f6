import { randomUUID } from 'node:crypto';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  type TestInfo,
  test,
} from '@playwright/test';
import { createUser, latestMessage, logIn, newUser, type TestUser } from './support/accounts';
import { signInToBackOffice } from './support/operators';

// Adjustments with two approvals and moderation, the back office and the app side by
// side: one finance operator proposes a credit, another approves it, and the person's statement
// shows the adjustment; another proposal is rejected with a reason and moves no money; compliance
// suspends a company and the buyer's held purchase is released.

const LAPTOP = { width: 1280, height: 860 };
const PHONE = { width: 360, height: 740 };

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

/** An operator, on a laptop, finds the person and fills a credit of `amount`, not sent yet. */
async function startCredit(browser: Browser, operatorName: string, person: TestUser, amount: string) {
  const desk = await browser.newContext({ viewport: LAPTOP });
  const proposer = await desk.newPage();
  await signInToBackOffice(proposer, operatorName);
  await proposer.goto('/admin/adjustments');
  const form = proposer.getByTestId('propose-form');
  await form.getByLabel('Moun nan (imèl oswa id)').fill(person.email);
  await form.getByRole('button', { name: 'Chèche' }).click();
  await expect(proposer.getByTestId('recipient')).toContainText(person.fullName);
  await form.getByLabel('Kredi (mete lajan)').check();
  await form.getByLabel('Montan (₭)').fill(amount);
  return { desk, proposer, form };
}

/** Sends the proposal with its reason and reference; it then waits for another operator. */
async function propose(form: Locator, reason: string, reference: string) {
  await form.getByLabel('Rezon').fill(reason);
  await form.getByLabel(/Referans/).fill(reference);
  await form.getByRole('button', { name: 'Pwopoze' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Pwopozisyon an anrejistre. Yon lòt operatè dwe apwouve l.',
  );
}

async function balanceOf(request: APIRequestContext, headers: Record<string, string>) {
  const wallet = await request.get('/api/wallet', { headers });
  expect(wallet.status(), await wallet.text()).toBe(200);
  return ((await wallet.json()) as { saldo_centis: number }).saldo_centis;
}

test('two finance operators post an adjustment and the person sees it in the statement', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.slow();
  const person = await createUser(request, { user: newUser('Nadège') });
  const reason = 'Frè transfè a te pran de fwa';

  // The first operator proposes, on a laptop.
  const { desk, proposer, form } = await startCredit(browser, 'finance', person, '12,50');
  await form.getByRole('button', { name: 'Pwopoze' }).click();
  await expect(form.getByText('Ekri rezon an.')).toBeVisible();
  await propose(form, reason, 'TIKÈ-1042');
  const mine = proposer.getByTestId('pending-adjustment').filter({ hasText: person.email });
  await expect(mine).toContainText('+₭12,50');
  // The proposer is not offered the approval.
  await expect(mine).toContainText('Se ou ki pwopoze l');
  await expect(mine.getByRole('button', { name: 'Apwouve epi poste' })).toHaveCount(0);
  await shot(proposer, testInfo, 'adjustments-proposed-1280');

  // The second operator approves, on a phone.
  const phone = await browser.newContext({ viewport: PHONE });
  const approver = await phone.newPage();
  await signInToBackOffice(approver, 'finance2');
  await approver.goto('/admin/adjustments');
  const waiting = approver.getByTestId('pending-adjustment').filter({ hasText: person.email });
  await expect(waiting).toContainText(reason);
  await shot(approver, testInfo, 'adjustments-pending-360');
  await waiting.getByRole('button', { name: 'Apwouve epi poste' }).click();
  await expect(waiting).toHaveCount(0);
  const decided = approver.getByTestId('decided-adjustment').filter({ hasText: person.email });
  await expect(decided).toContainText('Apwouve');
  await shot(approver, testInfo, 'adjustments-decided-360');
  await proposer.reload();
  await expect(proposer.getByTestId('decided-adjustment').filter({ hasText: person.email })).toContainText(
    'Apwouve',
  );
  await shot(proposer, testInfo, 'adjustments-decided-1280');

  // The person: told on WhatsApp, and the statement shows a signed adjustment from KreyolCash.
  expect((await latestMessage(request, person.phone, 'adjustment_posted')).text).toContain(reason);
  await page.setViewportSize(PHONE);
  await logIn(page, person);
  await page.goto('/statement');
  const row = page.getByTestId('statement-rows').getByRole('link').filter({ hasText: 'KreyolCash' });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('row-amount')).toHaveText('+₭ 12,50');
  await expect(row.getByTestId('row-state')).toHaveText('Ajisteman');
  await shot(page, testInfo, 'statement-adjustment-360');
  await desk.close();
  await phone.close();
});

test('a second finance operator rejects an adjustment with a reason: it shows as rejected, no money moves', async ({
  browser,
  request,
}) => {
  test.slow();
  const person = await createUser(request, { user: newUser('Wilnè') });
  const auth = await bearer(request, person);
  const balanceBefore = await balanceOf(request, auth);
  const refusal = 'Tikè a pa koresponn ak okenn tranzaksyon';

  // The first operator proposes a credit, its amount typed as the back office shows amounts.
  const { desk, proposer, form } = await startCredit(browser, 'finance3', person, '1 234,50');
  await propose(form, 'Lajan ki pa t rive', 'TIKÈ-2077');
  await expect(proposer.getByTestId('pending-adjustment').filter({ hasText: person.email })).toContainText(
    /\+₭1\s234,50/,
  );

  // The second operator rejects it, on a phone: a reason is asked before the rejection goes.
  const phone = await browser.newContext({ viewport: PHONE });
  const rejecter = await phone.newPage();
  await signInToBackOffice(rejecter, 'finance4');
  await rejecter.goto('/admin/adjustments');
  const waiting = rejecter.getByTestId('pending-adjustment').filter({ hasText: person.email });
  await waiting.getByRole('button', { name: 'Rejte' }).click();
  await waiting.getByRole('button', { name: 'Konfime rejè a' }).click();
  await expect(waiting.getByText('Ekri rezon an.')).toBeVisible();
  await waiting.getByLabel('Poukisa ou rejte l?').fill(refusal);
  await waiting.getByRole('button', { name: 'Konfime rejè a' }).click();
  await expect(waiting).toHaveCount(0);
  const decided = rejecter.getByTestId('decided-adjustment').filter({ hasText: person.email });
  await expect(decided).toContainText('Rejte');
  await expect(decided).toContainText(refusal);

  // The proposer reads the same decision, and the person's balance did not move.
  await proposer.reload();
  const seen = proposer.getByTestId('decided-adjustment').filter({ hasText: person.email });
  await expect(seen).toContainText('Rejte');
  await expect(seen).toContainText(refusal);
  await expect(proposer.getByTestId('pending-adjustment').filter({ hasText: person.email })).toHaveCount(0);
  expect(await balanceOf(request, auth)).toBe(balanceBefore);

  // A second proposal for her, rejected too: at least two decisions to page through.
  await form.getByLabel('Moun nan (imèl oswa id)').fill(person.email);
  await form.getByRole('button', { name: 'Chèche' }).click();
  await expect(proposer.getByTestId('recipient')).toContainText(person.fullName);
  await form.getByLabel('Kredi (mete lajan)').check();
  await form.getByLabel('Montan (₭)').fill('10');
  await propose(form, 'Lajan ki pa t rive', 'TIKÈ-2078');
  await rejecter.reload();
  const second = rejecter.getByTestId('pending-adjustment').filter({ hasText: person.email });
  await second.getByRole('button', { name: 'Rejte' }).click();
  await second.getByLabel('Poukisa ou rejte l?').fill(refusal);
  await second.getByRole('button', { name: 'Konfime rejè a' }).click();
  await expect(second).toHaveCount(0);

  // Decisions a page at a time (pages of one here, where the screen asks for 30: the server's real
  // pages and cursors): one more each time, to the last, at least as many as the count said.
  await rejecter.route('**/api/admin/adjustments?*', (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('limit', '1');
    return route.continue({ url: url.toString() });
  });
  await rejecter.reload();
  const decisions = rejecter.getByTestId('decided-adjustment');
  await expect(decisions).toHaveCount(1);
  const total = Number(await rejecter.getByTestId('decided-adjustments-count').textContent());
  expect(total).toBeGreaterThanOrEqual(2);
  const more = rejecter.getByTestId('decided-adjustments-more');
  await expect(more).toHaveText('Montre plis');
  // Decisions are never undone, so each page after the first holds one more; one decided while
  // the pages are read may add itself to them.
  for (let shown = 1; await more.isVisible(); shown += 1) {
    expect(shown).toBeLessThan(total + 10);
    await more.click();
    await expect(decisions).toHaveCount(shown + 1);
  }
  expect(await decisions.count()).toBeGreaterThanOrEqual(total);
  await expect(decisions.filter({ hasText: person.email })).toHaveCount(2);
  await shot(rejecter, test.info(), 'adjustments-decided-pages-360');
  await desk.close();
  await phone.close();
});

test('compliance suspends a company: the held purchase is released, the owner is told, then it is reactivated', async ({
  browser,
  request,
}, testInfo) => {
  test.slow();
  const owner = await createUser(request, { user: newUser('Jozèf') });
  const buyer = await createUser(request, { user: newUser('Rozlò') });
  const ownerAuth = await bearer(request, owner);
  const company = await request.post('/api/companies', {
    headers: ownerAuth,
    data: { nome: `Boulanjri ${owner.nif}`, descricao: 'Pen cho chak maten', categoria: 'bakery' },
  });
  expect(company.status(), await company.text()).toBe(201);
  const empresa = (await company.json()) as { id: string; nome: string };
  const product = await request.post(`/api/companies/${empresa.id}/products`, {
    headers: ownerAuth,
    data: { nome: 'Pen ak manba', descricao: 'Fre', categoria: 'food', preco_centis: 250, estoque: 10 },
  });
  expect(product.status()).toBe(201);
  const buyerAuth = await bearer(request, buyer);
  const held = await request.post('/api/purchases', {
    headers: { ...buyerAuth, 'idempotency-key': randomUUID() },
    data: { produto_id: ((await product.json()) as { id: string }).id, quantidade: 2 },
  });
  expect(held.status()).toBe(201);
  const { venda_id } = (await held.json()) as { venda_id: string };

  const desk = await browser.newContext({ viewport: PHONE });
  const page = await desk.newPage();
  await signInToBackOffice(page, 'compliance2');
  await page.goto('/admin/moderation');
  await page.getByLabel(/Chèche yon konpani/).fill(owner.email);
  await page.getByRole('button', { name: 'Chèche', exact: true }).click();
  const result = page.getByTestId('company-results').getByRole('link').filter({ hasText: empresa.nome });
  await expect(result).toContainText('1 acha k ap tann kòd');
  await shot(page, testInfo, 'moderation-search-360');
  await result.click();
  await expect(page.getByRole('heading', { name: empresa.nome })).toBeVisible();
  const suspend = page.getByTestId('company-suspend');
  await suspend.getByRole('button', { name: 'Sispann' }).click();
  await suspend.getByRole('button', { name: 'Konfime: Sispann' }).click();
  await expect(suspend.getByText('Ekri rezon an.')).toBeVisible();
  await suspend.getByLabel(/Rezon/).fill('Plent pou fwod');
  await shot(page, testInfo, 'moderation-suspend-360');
  await suspend.getByRole('button', { name: 'Konfime: Sispann' }).click();
  await expect(page.getByTestId('status-badge').first()).toHaveText('Sispann');
  await expect(page.getByRole('status')).toContainText('Acha anile: 1');
  await page.setViewportSize(LAPTOP);
  await shot(page, testInfo, 'moderation-company-1280');

  // The buyer's money and the stock are free again; the owner reads why.
  const sale = await request.get(`/api/purchases/${venda_id}`, { headers: buyerAuth });
  expect(((await sale.json()) as { status: string }).status).toBe('CANCELADA');
  const wallet = (await (await request.get('/api/wallet', { headers: buyerAuth })).json()) as {
    reservado_centis: number;
  };
  expect(wallet.reservado_centis).toBe(0);
  expect((await latestMessage(request, owner.phone, 'company_moderated')).text).toContain('Plent pou fwod');

  // The owner's app says the company is suspended instead of linking to a page that is not there.
  const app = await browser.newContext({ viewport: PHONE });
  const ownerPage = await app.newPage();
  await logIn(ownerPage, owner);
  await ownerPage.goto('/companies');
  await expect(ownerPage.getByTestId('company-on-hold')).toContainText('Nou sispann konpani ou a');
  await shot(ownerPage, testInfo, 'owner-company-suspended-360');

  const reactivate = page.getByTestId('company-reactivate');
  await reactivate.getByRole('button', { name: 'Reaktive' }).click();
  await reactivate.getByLabel(/Rezon/).fill('Egzamen fini');
  await reactivate.getByRole('button', { name: 'Konfime: Reaktive' }).click();
  await expect(page.getByTestId('status-badge').first()).toHaveText('Aktif');
  await ownerPage.reload();
  await expect(ownerPage.getByRole('link', { name: 'Konpani mwen' })).toBeVisible();

  // Each action names what it acts on: the company's close, and each product by its name.
  await expect(page.getByTestId('company-deactivate').getByRole('button')).toHaveText('Fèmen konpani an');
  await expect(page.getByRole('button', { name: 'Dezaktive', exact: true })).toHaveCount(0);
  const productAction = page.getByRole('button', { name: 'Dezaktive Pen ak manba' });
  await expect(productAction).toHaveText('Dezaktive');
  await productAction.click();
  await page.getByTestId('product-deactivate').getByLabel(/Rezon/).fill('Foto a twonpe moun');
  await page.getByRole('button', { name: 'Konfime: Dezaktive Pen ak manba' }).click();
  await expect(page.getByRole('button', { name: 'Reaktive Pen ak manba' })).toBeVisible();
  await desk.close();
  await app.close();
});
