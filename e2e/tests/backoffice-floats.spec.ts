import { randomUUID } from 'node:crypto';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { createAgent } from './support/agents';
import { expectNoAxeViolations } from './support/axe';
import { signInToBackOffice } from './support/operators';

// Float under four eyes in the back office: one finance operator proposes an issuance against a
// bank deposit on a phone and is not offered its approval; a second approves it on a laptop; the
// agent's float then holds the amount, on support's agent page and in the agent's own profile.

const LAPTOP = { width: 1280, height: 860 };
const PHONE = { width: 360, height: 740 };

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), animations: 'disabled', fullPage: true });
}

test('finance issues float', async ({ browser, request, baseURL }, testInfo) => {
  test.slow();
  // Its own name: the agents' list shows every agent of the run in Delmas.
  const agent = await createAgent(request, {
    baseURL: baseURL ?? '',
    setup: ['setup3', 'setup3b'],
    businessName: `Boutik Tibo ${randomUUID().slice(0, 6)}`,
  });
  const reference = `DEP-${randomUUID().slice(0, 8)}`;

  // The first operator proposes, on a phone.
  const phone = await browser.newContext({ viewport: PHONE });
  const proposer = await phone.newPage();
  await signInToBackOffice(proposer, 'treasury');
  await proposer.getByRole('navigation').getByRole('link', { name: 'Float ajan' }).click();
  await expect(proposer.getByRole('heading', { name: 'Float ajan yo' })).toBeVisible();
  await expectNoAxeViolations(proposer);
  const form = proposer.getByTestId('float-form');
  await expect(form.getByLabel('Emisyon (ajan an depoze lajan labank)')).toBeChecked();
  await form.getByRole('button', { name: 'Pwopoze' }).click();
  await expect(form.getByText('Ekri nimewo ajan an (5 chif).')).toBeVisible();
  await form.getByLabel('Nimewo ajan an').fill(String(agent.numero));
  await form.getByLabel('Montan (₭)').fill('2500');
  await form.getByLabel('Referans depo labank lan').fill(reference);
  await expect(form.getByLabel('Dat depo a')).not.toHaveValue('');
  await form.getByRole('button', { name: 'Pwopoze' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Pwopozisyon an anrejistre. Yon lòt operatè dwe apwouve l.',
  );
  const mine = proposer.getByTestId('pending-float').filter({ hasText: reference });
  await expect(mine).toContainText(`Ajan ${agent.numero} · ${agent.nome_comercial}`);
  await expect(mine.getByTestId('float-amount')).toHaveText(/^\+₭2\s500,00$/);
  await expect(mine).toContainText('Emisyon');
  // The proposer cannot approve their own: told so, and not offered the buttons.
  await expect(mine).toContainText('Se ou ki pwopoze l: se yon lòt operatè ki pou apwouve l.');
  await expect(mine.getByRole('button', { name: 'Apwouve epi poste' })).toHaveCount(0);
  await expect(mine.getByRole('button', { name: 'Rejte' })).toHaveCount(0);
  // A second issuance against the same deposit is refused in words.
  await form.getByLabel('Montan (₭)').fill('10');
  await form.getByLabel('Referans depo labank lan').fill(reference);
  await form.getByRole('button', { name: 'Pwopoze' }).click();
  await expect(form.getByRole('alert')).toHaveText('Referans depo sa a deja sèvi pou yon lòt emisyon.');
  await expectNoAxeViolations(proposer);
  await shot(proposer, testInfo, 'floats-proposed-360');

  // The second operator approves, on a laptop.
  const desk = await browser.newContext({ viewport: LAPTOP });
  const approver = await desk.newPage();
  await signInToBackOffice(approver, 'treasury2');
  await approver.goto('/admin/floats');
  const waiting = approver.getByTestId('pending-float').filter({ hasText: reference });
  await expect(waiting).toContainText('Pwopoze pa treasury');
  await waiting.getByRole('button', { name: 'Apwouve epi poste' }).click();
  await expect(waiting).toHaveCount(0);
  const decided = approver.getByTestId('decided-float').filter({ hasText: reference });
  await expect(decided).toContainText('Apwouve');
  await expect(decided).toContainText('treasury2');
  await expectNoAxeViolations(approver);
  await shot(approver, testInfo, 'floats-decided-1280');
  await proposer.reload();
  await expect(proposer.getByTestId('decided-float').filter({ hasText: reference })).toContainText('Apwouve');

  // The fee tables, read and checked before anything is sent (nothing is published here: the
  // tables are every journey's).
  await proposer.getByRole('navigation').getByRole('link', { name: 'Frè' }).click();
  const cashOuts = proposer.getByTestId('fees-saque');
  await expect(cashOuts.getByRole('heading', { name: 'Retrè lajan kach nan men yon ajan' })).toBeVisible();
  await cashOuts.getByRole('button', { name: 'Chanje tablo a' }).click();
  await cashOuts.getByRole('group', { name: 'Tranch 1' }).getByLabel('Depi').fill('2');
  await cashOuts.getByRole('button', { name: 'Pibliye tablo a' }).click();
  await expect(cashOuts.getByRole('alert')).toHaveText('Tranch 1: premye tranch lan dwe kòmanse nan ₭0,01.');
  await expectNoAxeViolations(proposer);
  await shot(proposer, testInfo, 'fees-editing-360');
  await cashOuts.getByRole('button', { name: 'Anile' }).click();

  // The agent's float holds the amount: in the agent's own profile and on support's agent page.
  const login = await request.post('/api/auth/login', {
    data: { email: agent.user.email, password: agent.user.password },
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const mineNow = await request.get('/api/me/agent', { headers: { authorization: `Bearer ${token}` } });
  expect(mineNow.status(), await mineNow.text()).toBe(200);
  expect(((await mineNow.json()) as { float: { saldo_centis: number } }).float.saldo_centis).toBe(250_000);

  const support = await browser.newContext({ viewport: PHONE });
  const page = await support.newPage();
  await signInToBackOffice(page, 'agentmaker');
  await page.getByRole('navigation').getByRole('link', { name: 'Ajan', exact: true }).click();
  await page.getByLabel('Komin').selectOption('delmas');
  await page.getByRole('button', { name: 'Montre', exact: true }).click();
  await expect(page).toHaveURL(/comuna=delmas/);
  await page.getByTestId('agent-list').getByRole('link', { name: agent.nome_comercial }).click();
  await expect(page.getByRole('heading', { name: agent.nome_comercial })).toBeVisible();
  await expect(page.getByTestId('float-balance')).toHaveText(/^₭2\s500,00$/);
  await expect(page.getByTestId('float-available')).toHaveText(/^₭2\s500,00$/);
  await expect(page.getByText('Delmas (Ouest)')).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'agent-detail-360');

  // Making the same person an agent again: found as the users area finds people, refused in words.
  await page.getByRole('link', { name: 'Tout ajan yo' }).click();
  await page.getByRole('link', { name: 'Fè yon moun tounen ajan' }).click();
  const agentForm = page.getByTestId('agent-form');
  await agentForm.getByLabel(/Chèche moun nan/).fill(agent.user.email);
  await agentForm.getByRole('button', { name: 'Chèche' }).click();
  await agentForm.getByRole('button', { name: `Chwazi ${agent.user.fullName}` }).click();
  await expect(agentForm.getByTestId('chosen-person')).toContainText(agent.user.email);
  await agentForm.getByLabel('Non biznis lan').fill('Dezyèm boutik');
  await agentForm.getByLabel('Komin').selectOption('petion-ville');
  await agentForm.getByLabel('Adrès').fill('3, Ri Grégoire');
  // Sunday starts closed; the week takes Monday's hours.
  await expect(agentForm.getByLabel('Fèmen Dimanch 1')).toHaveCount(0);
  await agentForm.getByRole('button', { name: 'Mete lè lendi a pou tout jou yo' }).click();
  await expect(agentForm.getByLabel('Fèmen Dimanch 1')).toHaveValue('18:00');
  await agentForm.getByLabel('Fèmen Dimanch 1').fill('17:00');
  await agentForm.getByLabel('Louvri Dimanch 1').fill('18:00');
  await agentForm.getByRole('button', { name: 'Kreye ajan an' }).click();
  await expect(agentForm.getByText(/Gen lè ki pa bon/)).toBeVisible();
  await agentForm.getByLabel('Louvri Dimanch 1').fill('09:00');
  await agentForm.getByRole('button', { name: 'Kreye ajan an' }).click();
  await expect(agentForm.getByRole('alert')).toHaveText('Moun sa a deja se yon ajan.');
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'agent-form-360');
  await phone.close();
  await desk.close();
  await support.close();
});
