import { copyFileSync, mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, type TestInfo, test } from '@playwright/test';
import { createUser, latestMessage, logIn, newUser, provePhone, type TestUser } from './support/accounts';

// Pay by phone: the payer types the payee's number as people write it, sees their
// name and photo before the amount, and pays them again with one tap from the recent payees.

const SHOTS = '/tmp/kc/shots/pay-by-phone';

/** A six-digit code out of a WhatsApp message's text. */
function codeIn(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in: ${text}`);
  return code;
}

async function provenUser(request: APIRequestContext, firstName: string): Promise<TestUser> {
  const user = await createUser(request, { user: newUser(firstName) });
  await provePhone(request, user);
  return user;
}

async function confirmWithCode(page: Page, request: APIRequestContext, payer: TestUser, amount: string) {
  await page.getByLabel('Montan an ₭').fill(amount);
  await page.getByRole('button', { name: 'Konfime' }).click();
  await page.getByRole('button', { name: 'Antre kòd la' }).click();
  const message = await latestMessage(request, payer.phone, 'transfer_code');
  await page.getByLabel('Kòd WhatsApp la').fill(codeIn(message.text));
  await page.getByRole('button', { name: 'Verifye' }).click();
  await expect(page.getByRole('heading', { name: 'Transfè a fèt!' })).toBeVisible();
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}-360.png`);
  await page.screenshot({ path, animations: 'disabled' });
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(path, `${SHOTS}/${name}-360.png`);
}

test('pays a second user by phone number after seeing name and photo, then again from the recent payees', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const payer = await provenUser(request, 'Fabyola');
  const payee = await provenUser(request, 'Wilnè');
  const local = payee.phone.slice(4);

  await logIn(page, payer);
  await page.goto('/transfer');
  const field = page.getByLabel('Telefòn oswa imèl moun k ap resevwa a');
  await expect(field).toBeVisible();
  // Nobody paid yet: no recent payees.
  await expect(page.getByRole('heading', { name: 'Moun ou te peye dènyèman' })).toHaveCount(0);

  // A number that is no phone is said under the field.
  await field.fill('3712345');
  await page.getByRole('button', { name: 'Chèche' }).click();
  await expect(
    page.getByText('Nimewo telefòn nan pa valab. Egzanp: 3712 3456 oswa +509 3712 3456.'),
  ).toBeVisible();
  // One's own number is nobody to pay.
  await field.fill(payer.phone.slice(4));
  await page.getByRole('button', { name: 'Chèche' }).click();
  await expect(page.getByText('Ou pa ka voye lajan bay tèt ou.')).toBeVisible();

  // The payee's number as people write it: `+509 3712-3456`.
  await field.fill(`+509 ${local.slice(0, 4)}-${local.slice(4)}`);
  await page.getByRole('button', { name: 'Chèche' }).click();
  const card = page.getByTestId('recipient-card');
  await expect(card).toContainText(payee.fullName);
  await expect(card).toContainText(`+509 ${local.slice(0, 4)} ${local.slice(4)}`);
  await expect(card).not.toContainText(payee.email);
  await expect(card.locator('img')).toBeVisible();
  await expect(page.getByText('Etap 1/4')).toBeVisible();
  await shot(page, testInfo, 'confirm-by-phone');
  await page.getByRole('button', { name: 'Wi, se li' }).click();
  await expect(page.getByText('Etap 2/4')).toBeVisible();
  await expect(page.getByText(`Pou ${payee.fullName}`)).toBeVisible();
  await confirmWithCode(page, request, payer, '5,00');

  // Again: one tap on the recent payee, and their name and photo are still shown to confirm.
  await page.goto('/transfer');
  const recent = page.getByRole('button', { name: new RegExp(payee.fullName) });
  await expect(recent).toContainText(`+509 •••• ${payee.phone.slice(-4)}`);
  await expect(recent.locator('img')).toBeVisible();
  await shot(page, testInfo, 'recent-payees');
  await recent.click();
  await expect(card).toContainText(payee.fullName);
  await expect(card.locator('img')).toBeVisible();
  await page.getByRole('button', { name: 'Wi, se li' }).click();
  await confirmWithCode(page, request, payer, '2,50');

  await page.goto('/home');
  await expect(page.getByTestId('balance')).toHaveText('₭ 92,50');
});
