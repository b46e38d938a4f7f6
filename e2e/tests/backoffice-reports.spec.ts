import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createUser, latestMessage, logIn, newUser, payThroughApi, type TestUser } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { signInToBackOffice } from './support/operators';
import { letToastsGo } from './support/toasts';

// Disputes, the app and the back office side by side: the payer reports a posted transfer as paid
// to the wrong person from its detail, the amount is held on the payee's side, support reverses it
// in /admin, and both people's statements show the reversal. Support also refunds a part of a
// disputed transfer, the decisions offered being those of a posted payment.

const SHOTS = '/tmp/kc-c/shots';
const LAPTOP = { width: 1280, height: 860 };

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled', fullPage: true });
}

/** The payer reports a posted transfer as paid to the wrong person, as the app does. */
async function reportThroughApi(
  request: APIRequestContext,
  payer: TestUser,
  movementId: string,
  descricao: string,
) {
  const login = await request.post('/api/auth/login', {
    data: { email: payer.email, password: payer.password },
  });
  expect(login.status()).toBe(200);
  const token = ((await login.json()) as { access_token: string }).access_token;
  const reported = await request.post(`/api/transfers/${movementId}/report`, {
    headers: { authorization: `Bearer ${token}` },
    data: { descricao },
  });
  expect(reported.status(), await reported.text()).toBe(201);
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
  await expect(page.getByTestId('report-form')).toContainText(payee.fullName);
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
  await expect(row.getByTestId('reports-queue-kind')).toHaveText('Voye bay move moun');
  await shot(admin, 'reports-queue-1280');
  await admin.setViewportSize({ width: 360, height: 740 });
  await shot(admin, 'reports-queue-360');
  await admin.setViewportSize(LAPTOP);
  await row.click();
  await expect(admin.getByTestId('report-transfer')).toContainText('Mwen tape yon move nimewo.');
  await expect(admin.getByTestId('report-held')).toContainText('₭25,00 kenbe sou kont moun ki resevwa a.');
  await shot(admin, 'report-page-1280');
  await admin.getByRole('button', { name: 'Anile peman an, lajan tounen' }).click();
  await admin.getByRole('button', { name: 'Anile, fè ₭25,00 tounen' }).click();
  await expect(admin.getByText('Ekri rezon an.')).toBeVisible();
  await admin
    .getByLabel('Rezon (rete nan jounal la)')
    .fill('Moun ki resevwa a pa konnen pagadò a; nimewo a te mal tape.');
  await admin.getByRole('button', { name: 'Anile, fè ₭25,00 tounen' }).click();
  await expect(admin.getByTestId('report-decided')).toContainText('Anile, lajan tounen pa');
  await expect(admin.getByTestId('report-refunded')).toHaveText('₭25,00 retounen bay moun ki voye a.');
  await shot(admin, 'report-decided-1280');
  await admin.setViewportSize({ width: 360, height: 740 });
  await shot(admin, 'report-decided-360');

  // Both people: the detail says reversed, the statement shows the reversal, WhatsApp told them.
  await page.reload();
  await expect(page.getByTestId('report-card').getByTestId('report-status')).toHaveText(
    'Anile, lajan tounen',
  );
  await expect(page.getByTestId('transaction-reversed')).toBeVisible();
  await shot(page, 'report-payer-reversed-360');
  for (const [who, view, other, sign] of [
    [payer, page, payee, '+'],
    [payee, payeePage, payer, '-'],
  ] as const) {
    await view.goto('/statement');
    // The reversal's own row: its kind reads "Lajan tounen" (the payment it returned says so too, as
    // its state).
    const reversal = view
      .getByRole('link')
      .filter({ has: view.getByTestId('row-details').filter({ hasText: 'Lajan tounen' }) })
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

test('support refunds a part of a disputed transfer from its page at 360 px, and the page shows what went back', async ({
  page,
  request,
}) => {
  test.slow();
  const payer = await createUser(request, { user: newUser('Rozlen') });
  const payee = await createUser(request, { user: newUser('Tidjo') });
  const movement = await payThroughApi(request, payer, payee, 2500);
  await reportThroughApi(request, payer, movement, 'Mwen te dwe voye l bay manman l, pa ba li.');

  // The queue names why each payment is disputed, in words.
  await signInToBackOffice(page, 'disputes');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Diskisyon sou peman' })).toBeVisible();
  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { name: 'Diskisyon sou peman' })).toBeVisible();
  for (const tab of ['Ouvè', 'Anile, lajan tounen', 'Ranbousman', 'Lage', 'Rejte', 'Ekspire']) {
    await expect(page.getByRole('tab', { name: tab, exact: true })).toBeVisible();
  }
  const row = page.getByTestId('reports-queue-row').filter({ hasText: payer.fullName });
  await expect(row.getByTestId('reports-queue-kind')).toHaveText('Voye bay move moun');
  await row.click();

  // A posted payment: reversed whole, refunded in part or left standing, never released.
  await expect(page.getByRole('heading', { name: 'Diskisyon sou yon peman' })).toBeVisible();
  await expect(page.getByTestId('report-kind')).toHaveText('Voye bay move moun');
  await expect(page.getByTestId('report-payment-state')).toHaveText('Fèt (li rive kay moun ki resevwa a)');
  await expect(page.getByTestId('report-held')).toHaveText('₭25,00 kenbe sou kont moun ki resevwa a.');
  const decision = page.getByTestId('report-decision');
  await expect(decision.getByRole('button')).toHaveText([
    'Anile peman an, lajan tounen',
    'Ranbouse yon pati',
    'Rejte diskisyon an',
  ]);
  await shot(page, 'dispute-page-360');
  await expectNoAxeViolations(page);

  // The part to refund: more than the payment is refused in the field, before any call.
  await decision.getByRole('button', { name: 'Ranbouse yon pati' }).click();
  const amount = page.getByLabel('Montan pou ranbouse (₭)');
  await amount.fill('30');
  await page
    .getByLabel('Rezon (rete nan jounal la)')
    .fill('Moun ki resevwa a remèt yon pati; rès la se pou yon dèt li te gen sou li.');
  await page.getByRole('button', { name: 'Ranbouse montan sa a' }).click();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Ekri yon montan ki pi gran pase zewo e ki pa depase ₭25,00')).toBeVisible();
  await amount.fill('10');
  await shot(page, 'dispute-refund-form-360');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Ranbouse ₭10,00' }).click();

  // The outcome: the refund's amount, in the operator's words, then in French.
  await expect(page.getByTestId('report-decided')).toContainText('Ranbousman fèt pa disputes');
  await expect(page.getByTestId('report-refunded')).toHaveText('₭10,00 retounen bay moun ki voye a.');
  await expect(page.getByTestId('report-decision')).toHaveCount(0);
  await shot(page, 'dispute-refunded-360');
  await expectNoAxeViolations(page);
  await page.getByLabel('Lang').selectOption('fr');
  await expect(page.getByRole('heading', { name: 'Contestation d’un paiement' })).toBeVisible();
  await expect(page.getByTestId('report-kind')).toHaveText('Envoyé à la mauvaise personne');
  await expect(page.getByTestId('report-refunded')).toHaveText('₭10,00 rendus à l’expéditeur.');
  await page.getByLabel('Langue').selectOption('ht');

  // The queue's refunds tab lists it; the payer was told what came back.
  await page.goto('/admin/reports?status=reembolsada');
  await expect(row).toContainText('Ranbousman fèt');
  expect((await latestMessage(request, payer.phone, 'report_decided_payer')).text).toContain(
    'ranbouse w ₭ 10,00 sou ₭ 25,00',
  );
});
