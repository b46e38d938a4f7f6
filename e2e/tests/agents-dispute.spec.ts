import { expect, test } from '@playwright/test';
import { createUser, latestMessage, logIn, newUser } from './support/accounts';
import { cashOutThroughApi, createAgent, handOverThroughApi, screenshotsIn } from './support/agents';
import { expectNoAxeViolations } from './support/axe';
import { signInToBackOffice } from './support/operators';
import { letToastsGo } from './support/toasts';

// A customer cashes out ₭20 at an agent (₭5 fee) and says the cash never came: the complaint,
// opened from the movement's detail, reaches the back office's dispute queue naming the agent, and
// support refunds the ₭25 the customer paid from the agent's float. The customer's statement shows
// the refund and the balance is what it was before the cash-out.

const shot = screenshotsIn('/tmp/kc-c/shots');

test('the customer disputes a cash-out and support refunds it', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.slow();
  if (!baseURL) throw new Error('baseURL is required');
  const agent = await createAgent(request, {
    baseURL,
    setup: ['setup5', 'setup5b'],
    floatCentis: 100_000,
    businessName: 'Boutik Lespwa Delma',
  });
  const customer = await createUser(request, { user: newUser('Rozlin') });

  // The balance before, as the customer reads it at home.
  await logIn(page, customer);
  await expect(page.getByTestId('balance')).toHaveText(/₭ \d/);
  const balanceBefore = (await page.getByTestId('balance').textContent())?.trim();

  const { id, feeCentis } = await cashOutThroughApi(request, customer, agent.numero, 2_000);
  await handOverThroughApi(request, agent, id);
  expect(feeCentis).toBe(500);

  // The statement says what it was, with the shop's name; its detail offers the complaint.
  await page.goto('/statement');
  const row = page.getByRole('link').filter({ hasText: 'Boutik Lespwa Delma' });
  await expect(row.getByTestId('row-details')).toContainText('Retrè kay ajan');
  await row.click();
  await expect(page.getByTestId('summary-card')).toContainText('Retrè kay ajan');
  await expect(page.getByTestId('details-card')).toContainText(
    `Boutik Lespwa Delma · nimewo ${agent.numero}`,
  );
  await expect(page.getByTestId('amount-card')).toContainText('Frè ou te peye');
  const offer = page.getByTestId('complaint-offer');
  await expect(offer).toContainText('Yon pwoblèm ak ajan an?');
  await expectNoAxeViolations(page);
  await offer.getByRole('button', { name: 'Fè yon plent' }).click();

  const form = page.getByTestId('complaint-form');
  await expect(form).toContainText('Plent sou Boutik Lespwa Delma');
  // No reason chosen: the form says so and sends nothing.
  await form.getByRole('button', { name: 'Voye plent lan' }).click();
  await expect(form).toContainText('Chwazi sa k te pase.');
  await form.getByLabel('Ajan an pa t ban m kòb la').check();
  await form.getByLabel('Rakonte sa k te pase (pa obligatwa)').fill('Li make l bay men li pa ban m anyen.');
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'agents-dispute-form');
  await form.getByRole('button', { name: 'Voye plent lan' }).click();
  const card = page.getByTestId('complaint-card');
  await expect(card.getByTestId('complaint-status')).toHaveText('Y ap egzamine l');
  await expect(card).toContainText('Sa w te ekri: Li make l bay men li pa ban m anyen.');
  // WhatsApp names the agent to the customer.
  const opened = await latestMessage(request, customer.phone, 'cash_complaint_opened_customer');
  expect(opened.text).toContain(
    `plent ou sou retrè ₭ 20,00 lakay Boutik Lespwa Delma (ajan ${agent.numero})`,
  );
  await letToastsGo(page);
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'agents-dispute-open');

  // Support, at 360 px: the queue names the cash-out and its agent; the refund comes from the float.
  const office = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const admin = await office.newPage();
  await signInToBackOffice(admin, 'refunds');
  await admin.goto('/admin/reports');
  const queued = admin.getByTestId('reports-queue-row').filter({ hasText: customer.fullName });
  await expect(queued.getByTestId('reports-queue-kind')).toContainText('Ajan an pa t ba l kòb kach la');
  await expect(queued.getByTestId('reports-queue-cash')).toHaveText(
    `Retrè kay ajan ${agent.numero} · Boutik Lespwa Delma`,
  );
  await expectNoAxeViolations(admin);
  await queued.click();
  await expect(admin.getByTestId('report-cash')).toHaveText(
    `Retrè kay ajan ${agent.numero} · Boutik Lespwa Delma`,
  );
  await expect(admin.getByTestId('report-held')).toHaveText('₭20,00 kenbe sou kès (float) ajan an.');
  await expect(admin.getByTestId('report-transfer')).toContainText('₭25,00');
  // A cash complaint is never reversed nor released: refund from the float, or reject.
  await expect(admin.getByRole('button', { name: 'Anile peman an, lajan tounen' })).toHaveCount(0);
  await expectNoAxeViolations(admin);
  await admin.getByRole('button', { name: 'Ranbouse kliyan an sou kès ajan an' }).click();
  await expect(admin.getByTestId('report-decision-form')).toContainText(
    `Lajan an soti sou kès (float) ajan ${agent.numero} an pou l ale sou kont kliyan an. Pi plis: ₭25,00.`,
  );
  await admin.getByLabel('Montan pou ranbouse (₭)').fill('25,00');
  await admin.getByLabel('Rezon (rete nan jounal la)').fill('Ajan an rekonèt li pa t bay kòb la.');
  await expectNoAxeViolations(admin);
  await shot(admin, testInfo, 'agents-dispute-refund');
  await admin.getByRole('button', { name: 'Ranbouse ₭25,00 sou kès ajan an' }).click();
  await expect(admin.getByTestId('report-refunded')).toHaveText(
    '₭25,00 soti sou kès ajan an, ale bay kliyan an.',
  );
  await expectNoAxeViolations(admin);
  await shot(admin, testInfo, 'agents-dispute-decided');
  await office.close();

  // The customer: the complaint refunded, the refund in the statement, the balance as before.
  await page.reload();
  await expect(page.getByTestId('complaint-card').getByTestId('complaint-status')).toHaveText(
    'Ranbousman fèt',
  );
  await expect(page.getByTestId('complaint-card')).toContainText('Sipò a ranbouse w sou kès ajan an');
  // ... and tells the agent the refund came from their float.
  const decided = await latestMessage(request, agent.user.phone, 'cash_complaint_decided_agent');
  expect(decided.text).toContain(`${customer.fullName} sou retrè ₭ 20,00`);
  expect(decided.text).toContain('ranbousman ₭ 25,00 ki soti nan kès ajan ou');
  await page.goto('/statement');
  const refund = page.getByRole('link').filter({ hasText: 'Ranbousman ajan' });
  await expect(refund).toContainText('Boutik Lespwa Delma');
  await expect(refund).toContainText('₭ 25,00');
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'agents-dispute-statement');
  await page.goto('/home');
  await expect(page.getByTestId('balance')).toHaveText(balanceBefore ?? '');
});
