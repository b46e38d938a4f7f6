import { copyFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, type TestInfo, test } from '@playwright/test';
import { createUser, latestMessage, logIn, newUser, type TestUser } from './support/accounts';
import { letToastsGo } from './support/toasts';

// A transfer confirmed by the WhatsApp code, the balance of both people moving without a
// reload, the statement and a transaction's detail — on the real server, at 360×740.

const toasts = (page: Page) => page.locator('[data-sonner-toast]');

/** The code of the newest transfer to confirm, as the WhatsApp message to the payer carries it. */
async function transferCode(request: APIRequestContext, payer: TestUser): Promise<string> {
  const message = await latestMessage(request, payer.phone, 'transfer_code');
  const code = /\*(\d{6})\*/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in: ${message.text}`);
  return code;
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}-360.png`);
  await page.screenshot({ path, animations: 'disabled' });
  await testInfo.attach(`${name}-360`, { path, contentType: 'image/png' });
  copyFileSync(path, `/tmp/shot-${name}.png`);
}

async function findRecipient(page: Page, email: string) {
  await page.getByLabel('Telefòn oswa imèl moun k ap resevwa a').fill(email);
  await page.getByRole('button', { name: 'Chèche' }).click();
}

test('A sends ₭12,50 to B with the WhatsApp code; both balances move, B’s without a reload', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.slow();
  const payer = await createUser(request, { user: newUser('Jak') });
  const payee = await createUser(request, { user: newUser('Rozlin') });

  // B keeps the wallet open in another browser.
  const payeeContext = await browser.newContext();
  const payeePage = await payeeContext.newPage();
  await logIn(payeePage, payee);
  await expect(payeePage.getByTestId('balance')).toHaveText('₭ 100,00');

  await logIn(page, payer);
  await page.getByRole('link', { name: 'Nouvo peman' }).click();
  await expect(page).toHaveURL('/transfer');
  await expect(page.getByRole('heading', { level: 1, name: 'Voye lajan' })).toBeVisible();
  await expect(page.getByText('Etap 1/4')).toBeVisible();

  // 1. The recipient by e-mail, shown by name and photo before going on.
  await findRecipient(page, payee.email);
  const card = page.getByTestId('recipient-card');
  await expect(card).toContainText(payee.fullName);
  await expect(card).toContainText(payee.email);
  await expect(card.locator('img')).toBeVisible();
  await page.getByRole('button', { name: 'Wi, se li' }).click();

  // 2. The amount: off while empty or zero; above ₭100 is refused; the available balance shows.
  await expect(page.getByText('Etap 2/4')).toBeVisible();
  await expect(page.getByTestId('available-balance')).toHaveText('Balans disponib: ₭ 100,00');
  const confirm = page.getByRole('button', { name: 'Konfime' });
  const amount = page.getByLabel('Montan an ₭');
  await expect(amount).toHaveAttribute('inputmode', 'decimal');
  await expect(confirm).toBeDisabled();
  await amount.fill('0,00');
  await expect(confirm).toBeDisabled();
  await amount.fill('100,01');
  await confirm.click();
  // Said under the field (no toast repeats it).
  await expect(page.getByText('Ou pa ka voye plis pase ₭ 100,00 nan yon sèl transfè.')).toBeVisible();
  await amount.fill('12,50');
  await page.getByLabel('Nòt (si ou vle)').fill('Pou lekòl timoun yo');
  await letToastsGo(page);
  await screenshot(page, testInfo, 'transfer');
  await confirm.click();

  // 3. The code went to WhatsApp and lasts 15 minutes.
  await expect(page.getByRole('heading', { name: 'Tcheke WhatsApp ou' })).toBeVisible();
  await expect(page.getByText('Kòd la valab pandan 15 minit.')).toBeVisible();
  await expect(page.getByText(`₭ 12,50 pou ${payee.fullName}`)).toBeVisible();
  await page.getByRole('button', { name: 'Antre kòd la' }).click();

  // 4. The code: off until 6 digits; a wrong one says how many tries are left.
  const code = await transferCode(request, payer);
  const verify = page.getByRole('button', { name: 'Verifye' });
  const codeInput = page.getByLabel('Kòd WhatsApp la');
  await expect(verify).toBeDisabled();
  await codeInput.fill('12345');
  await expect(verify).toBeDisabled();
  await codeInput.fill(code === '111111' ? '222222' : '111111');
  await verify.click();
  await expect(page.getByTestId('step-refusal')).toHaveText('Kòd la pa kòrèk. Tantativ ki rete: 2.');
  await expect(codeInput).toHaveValue('');
  await codeInput.fill(code);
  await verify.click();

  await expect(page.getByRole('heading', { name: 'Transfè a fèt!' })).toBeVisible();
  await expect(page.getByText(`Ou voye ₭ 12,50 bay ${payee.fullName}.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Retounen lakay' })).toHaveAttribute('href', '/home');

  // B's open wallet heard it from the server: no reload.
  await expect(payeePage.getByTestId('balance')).toHaveText('₭ 112,50', { timeout: 10_000 });
  await expect(payeePage.getByRole('link', { name: new RegExp(payer.fullName) })).toBeVisible();
  await payeeContext.close();

  // The statement: all, then the tabs (the API filters).
  await page.getByRole('link', { name: 'Wè istorik la' }).click();
  await expect(page).toHaveURL('/statement');
  const rows = page.getByTestId('statement-rows').getByRole('link');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(payee.fullName);
  await expect(rows.first()).toContainText('-₭ 12,50');
  await expect(rows.nth(1)).toContainText('+₭ 100,00');
  await expect(page.getByTestId('flow-chart')).toBeVisible();
  await expect(page.getByTestId('flow-totals')).toHaveText(/Antre: ₭ 100,00\s*Soti: ₭ 12,50/);
  await letToastsGo(page);
  await screenshot(page, testInfo, 'statement');

  await page.getByRole('tab', { name: 'Resevwa' }).click();
  await expect(page.getByText('Ou poko resevwa lajan.')).toBeVisible();
  await page.getByRole('tab', { name: 'Voye' }).click();
  await expect(page.getByRole('tab', { name: 'Voye' })).toHaveAttribute('aria-selected', 'true');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(payee.fullName);

  // The detail: every card.
  await rows.first().click();
  await expect(page).toHaveURL(/\/transaction\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').at(-1) ?? '';
  const summary = page.getByTestId('summary-card');
  await expect(summary).toContainText('Lajan ou voye');
  await expect(summary).toContainText('-₭ 12,50');
  await expect(page.getByTestId('transaction-status')).toHaveText('Konfime');
  const details = page.getByTestId('details-card');
  await expect(details).toContainText(id);
  await expect(details).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
  await expect(details).toContainText(payer.fullName);
  await expect(details).toContainText(payer.email);
  await expect(details).toContainText(payee.fullName);
  await expect(details).toContainText(payee.email);
  const amounts = page.getByTestId('amount-card');
  await expect(amounts).toContainText('12,50');
  await expect(amounts).toContainText('1.250');
  await expect(amounts).toContainText('₭ 12,50');
  await expect(page.getByTestId('notes-card')).toContainText('Pou lekòl timoun yo');
  await letToastsGo(page);
  await screenshot(page, testInfo, 'detail');

  await page.getByRole('link', { name: 'Retounen nan istorik la' }).click();
  await expect(page).toHaveURL('/statement');
  await page.getByRole('link', { name: 'Retounen', exact: true }).click();
  await expect(page).toHaveURL('/home');
  await expect(page.getByTestId('balance')).toHaveText('₭ 87,50');

  // A movement that is not the user's (or does not exist) goes back to the statement.
  await page.goto('/transaction/00000000-0000-4000-8000-000000000000');
  await expect(toasts(page).getByText('Nou pa jwenn tranzaksyon sa a.')).toBeVisible();
  await expect(page).toHaveURL('/statement');
});

test('the wizard’s errors and back steps: unknown e-mail, backing out of the code cancels', async ({
  page,
  request,
  browser,
}) => {
  const payer = await createUser(request, { user: newUser('Woslin') });
  const payee = await createUser(request, { user: newUser('Djo') });
  await logIn(page, payer);
  await page.goto('/transfer');

  await page.getByRole('button', { name: 'Chèche' }).click();
  await expect(page.getByText('Antre nimewo telefòn oswa imèl moun nan.')).toBeVisible();
  await findRecipient(page, `nobody.${Date.now()}@example.com`);
  // Said in the step, not in a toast that goes by itself.
  await expect(page.getByTestId('step-refusal').getByText('Itilizatè a pa jwenn')).toBeVisible();
  await expect(
    page.getByTestId('step-refusal').getByText(/Pa gen okenn kont KreyolCash ak imèl sa a/),
  ).toBeVisible();
  // One's own e-mail is nobody to send to, and the field says so.
  await findRecipient(page, payer.email);
  await expect(page.getByText('Ou pa ka voye lajan bay tèt ou.')).toBeVisible();
  await expect(page.getByTestId('recipient-card')).toHaveCount(0);

  await findRecipient(page, payee.email);
  await page.getByRole('button', { name: 'Wi, se li' }).click();
  await page.getByLabel('Montan an ₭').fill('abc');
  await expect(page.getByRole('button', { name: 'Konfime' })).toBeDisabled();
  await page.getByLabel('Montan an ₭').blur();
  await expect(
    page.getByText(
      'Antre yon montan ki pi gwo pase zewo, ak 2 chif apre vigil la pou pi plis. Egzanp: 12,50',
    ),
  ).toBeVisible();
  await page.getByLabel('Montan an ₭').fill('40');
  await page.getByRole('button', { name: 'Konfime' }).click();
  await expect(page.getByRole('heading', { name: 'Tcheke WhatsApp ou' })).toBeVisible();
  await page.getByRole('button', { name: 'Antre kòd la' }).click();
  await expect(page.getByText('Etap 4/4')).toBeVisible();

  // Back from the code: the amount again (the transfer is cancelled and its ₭40 released).
  await page.getByRole('button', { name: 'Retounen', exact: true }).click();
  await expect(page.getByText('Etap 2/4')).toBeVisible();
  await expect(page.getByLabel('Montan an ₭')).toHaveValue('40');
  await expect(page.getByTestId('available-balance')).toHaveText('Balans disponib: ₭ 100,00');
  await page.getByRole('button', { name: 'Retounen', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Wi, se li' })).toBeVisible();
  await page.getByRole('button', { name: 'Retounen', exact: true }).click();
  await expect(page).toHaveURL('/home');
  await page.goto('/statement?tab=sent');
  await expect(page.getByTestId('statement-rows').getByRole('link')).toHaveCount(1);
  await expect(page.getByTestId('statement-rows')).toContainText('Anile');

  // Without a session, the wallet screens send to the login.
  const anonymous = await browser.newContext();
  const anonymousPage = await anonymous.newPage();
  for (const path of ['/transfer', '/statement', '/transaction/1']) {
    await anonymousPage.goto(path);
    await expect(anonymousPage).toHaveURL('/login');
  }
  await anonymous.close();
});

/** The codes of every transfer code message to the payer, newest first. */
async function transferCodes(request: APIRequestContext, payer: TestUser): Promise<string[]> {
  const answer = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(payer.phone)}&limit=50`);
  const { items } = (await answer.json()) as { items: { purpose: string; text: string }[] };
  return items
    .filter((message) => message.purpose === 'transfer_code')
    .map((message) => /\*(\d{6})\*/.exec(message.text)?.[1] ?? '');
}

test('“Voye kòd la ankò” waits 30 s, then sends a new code: the old one no longer works, the new one does', async ({
  page,
  request,
}) => {
  test.slow();
  const payer = await createUser(request, { user: newUser('Tika') });
  const payee = await createUser(request, { user: newUser('Anit') });
  // The cooldown is 30 s of the page's time: the test moves the page's clock instead of waiting.
  await page.clock.install();
  await logIn(page, payer);
  await page.goto('/transfer');
  await findRecipient(page, payee.email);
  await page.getByRole('button', { name: 'Wi, se li' }).click();
  await page.getByLabel('Montan an ₭').fill('5');
  await page.getByRole('button', { name: 'Konfime' }).click();
  await page.getByRole('button', { name: 'Antre kòd la' }).click();
  const oldCode = await transferCode(request, payer);

  // Off while it counts down, then on.
  const resend = page.getByRole('button', { name: /^Voye kòd la ankò/ });
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/^Voye kòd la ankò nan \d{1,2} s$/);
  await page.clock.fastForward(30_000);
  await expect(resend).toHaveText('Voye kòd la ankò');
  await resend.click();
  await expect(toasts(page).getByText('Nouvo kòd voye!')).toBeVisible();
  await expect(toasts(page).getByText(/^Tcheke WhatsApp ou/)).toBeVisible();
  // The count starts again from the new code.
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/^Voye kòd la ankò nan \d{1,2} s$/);

  await expect.poll(async () => (await transferCodes(request, payer)).length).toBe(2);
  const [newCode = ''] = await transferCodes(request, payer);
  expect(newCode).not.toBe(oldCode);

  // The old code is a wrong code now (one attempt used, the two others left).
  const codeInput = page.getByLabel('Kòd WhatsApp la');
  const verify = page.getByRole('button', { name: 'Verifye' });
  await codeInput.fill(oldCode);
  await verify.click();
  await expect(page.getByTestId('step-refusal')).toHaveText('Kòd la pa kòrèk. Tantativ ki rete: 2.');
  await expect(codeInput).toHaveValue('');
  await codeInput.fill(newCode);
  await verify.click();
  await expect(page.getByRole('heading', { name: 'Transfè a fèt!' })).toBeVisible();
  await expect(page.getByText(`Ou voye ₭ 5,00 bay ${payee.fullName}.`)).toBeVisible();
});
