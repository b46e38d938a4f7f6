import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { createUser, latestMessage, logIn, newUser, payThroughApi } from './support/accounts';
import { signInToBackOffice } from './support/operators';
import { letToastsGo } from './support/toasts';

// "Wrong person" reports, the app and the back office side by side: the payer reports a
// posted transfer from its detail, the amount is held on the payee's side, support reverses it in
// /admin, and both people's statements show the reversal.

const SHOTS = '/tmp/kc-c/shots';
const LAPTOP = { width: 1280, height: 860 };

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled', fullPage: true });
}

test('a payer reports a wrong payment and support reverses it; both statements show it', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const payer = await createUser(request, { user: newUser('Jeraldin') });
  const payee = await createUser(request, { user: newUser('Womeo') });
  const movement = await payThroughApi(request, payer, payee, 2500);

  // The payer, at 360 px, on the transfer's detail: report it, with a word on what happened.
  await logIn(page, payer);
  await page.goto(`/transaction/${movement}`);
  await expect(page.getByTestId('report-offer')).toContainText('Ou voye l bay move moun?');
  await page.getByRole('button', { name: 'Mwen voye l bay move moun' }).click();
  await expect(page.getByTestId('report-confirm')).toContainText(payee.fullName);
  await page.getByLabel('Sa k te pase? (pa obligatwa)').fill('Mwen tape yon move nimewo.');
  await page.getByRole('button', { name: 'Wi, voye rapò a' }).click();
  const card = page.getByTestId('report-card');
  await expect(card.getByTestId('report-status')).toHaveText('Y ap egzamine l');
  await expect(card).toContainText('₭ 25,00 kenbe pandan verifikasyon an.');
  await expect(card).toContainText('Sa w te ekri: Mwen tape yon move nimewo.');
  // The toast opens at the bottom, under the pointer that tapped the button.
  await letToastsGo(page);
  await shot(page, 'report-payer-open-360');
  expect((await latestMessage(request, payer.phone, 'report_opened_payer')).text).toContain('₭ 25,00');

  // The payee sees the check (no accusation, not the payer's words) and the amount held.
  const payeeSide = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const payeePage = await payeeSide.newPage();
  await logIn(payeePage, payee);
  await payeePage.goto(`/transaction/${movement}`);
  const payeeCard = payeePage.getByTestId('report-card');
  await expect(payeeCard).toContainText('Ekip sipò a ap verifye peman sa a. Ou pa bezwen fè anyen.');
  await expect(payeeCard).toContainText('Verifikasyon peman');
  await expect(payeeCard).not.toContainText(/move nimewo|move moun/);
  await shot(payeePage, 'report-payee-open-360');
  expect((await latestMessage(request, payee.phone, 'report_opened_payee')).text).toContain('kenbe');

  // Support, on a laptop: the queue, the report's page, the reversal with a reason.
  const office = await browser.newContext({ viewport: LAPTOP });
  const admin = await office.newPage();
  await signInToBackOffice(admin, 'support');
  await admin.goto('/admin/reports');
  const row = admin.getByTestId('reports-queue-row').filter({ hasText: payer.fullName });
  await expect(row).toContainText(payee.fullName);
  await expect(row).toContainText('₭25,00');
  await shot(admin, 'reports-queue-1280');
  await admin.setViewportSize({ width: 360, height: 740 });
  await shot(admin, 'reports-queue-360');
  await admin.setViewportSize(LAPTOP);
  await row.click();
  await expect(admin.getByTestId('report-transfer')).toContainText('Mwen tape yon move nimewo.');
  await expect(admin.getByTestId('report-held')).toContainText('₭25,00 kenbe sou kont moun ki resevwa a.');
  await shot(admin, 'report-page-1280');
  await admin.getByRole('button', { name: 'Ranbouse moun ki voye a' }).click();
  await admin.getByRole('button', { name: 'Ranbouse ₭25,00' }).click();
  await expect(admin.getByText('Ekri rezon an.')).toBeVisible();
  await admin
    .getByLabel('Rezon (rete nan jounal la)')
    .fill('Moun ki resevwa a pa konnen pagadò a; nimewo a te mal tape.');
  await admin.getByRole('button', { name: 'Ranbouse ₭25,00' }).click();
  await expect(admin.getByTestId('report-decided')).toContainText('Ranbouse pa');
  await shot(admin, 'report-decided-1280');
  await admin.setViewportSize({ width: 360, height: 740 });
  await shot(admin, 'report-decided-360');

  // Both people: the detail says reversed, the statement shows the reversal, WhatsApp told them.
  await page.reload();
  await expect(page.getByTestId('report-card').getByTestId('report-status')).toHaveText('Ranbouse');
  await expect(page.getByTestId('transaction-reversed')).toBeVisible();
  await shot(page, 'report-payer-reversed-360');
  for (const [who, view, other, sign] of [
    [payer, page, payee, '+'],
    [payee, payeePage, payer, '-'],
  ] as const) {
    await view.goto('/statement');
    const reversal = view
      .getByRole('link')
      .filter({ hasText: 'Ranbousman' })
      .filter({ hasText: other.fullName });
    await expect(reversal).toHaveCount(1);
    await expect(reversal.getByTestId('row-amount')).toHaveText(`${sign}₭ 25,00`);
    await shot(view, `report-statement-${who === payer ? 'payer' : 'payee'}-360`);
  }
  expect((await latestMessage(request, payer.phone, 'report_decided_payer')).text).toContain(
    'retounen sou kont ou',
  );
  expect((await latestMessage(request, payee.phone, 'report_decided_payee')).text).toContain(
    'retounen bay moun',
  );
  await payeeSide.close();
  await office.close();
});
