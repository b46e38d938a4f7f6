import { expect, test } from '@playwright/test';
import { bearerHeaders, codeOf, createUser, latestMessage, logIn, newUser } from './support/accounts';
import { createAgent, handOverThroughApi, screenshotsIn } from './support/agents';
import { expectNoAxeViolations } from './support/axe';

// A customer finds an agent on "Ajan", reads the cash-out fee on "Frè", and cashes out at that
// agent: the fee and the cash they will receive are on the screen before the WhatsApp code is
// typed; the agent hands the cash over, and the customer's balance has lost the amount and the fee.

const shot = screenshotsIn('/tmp/kc/shots/agents-cash-out');

test('a customer finds an agent, reads the fee, sees fee and cash before the code, and collects the cash', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.slow();
  const [agent, customer] = await Promise.all([
    createAgent(request, {
      baseURL: baseURL ?? '',
      setup: ['setup1', 'setup1b'],
      floatCentis: 100_000,
      businessName: `Boutik Lespwa ${Date.now().toString(36)}`,
    }),
    createUser(request, { user: newUser('Rozlin') }),
  ]);

  // Home: the agents' shortcuts; the customer is no agent, so no desk.
  await logIn(page, customer);
  const shortcuts = page.getByRole('navigation', { name: 'Aksè rapid' });
  await expect(shortcuts.getByRole('link', { name: 'Frè' })).toHaveAttribute('href', '/fees');
  await expect(shortcuts.getByRole('link', { name: 'Retire' })).toHaveAttribute('href', '/cash-out');
  await shortcuts.getByRole('link', { name: 'Ajan' }).click();

  // Ajan: the agents of Delmas, the new one open now with its number and address.
  await expect(page).toHaveURL('/agents');
  await page.getByLabel('Komin').selectOption('delmas');
  await expect(page).toHaveURL('/agents?comuna=delmas');
  const card = page.getByTestId('agent-card').filter({ hasText: agent.nome_comercial });
  await expect(card).toContainText(`Ajan ${agent.numero}`);
  await expect(card).toContainText('12, Ri Kafou Ayewopò, Delmas');
  await expect(card).toContainText('Louvri kounye a');
  await card.getByText('Lè li louvri').click();
  await expect(card).toContainText('Dimanch24 è sou 24');
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'agents');

  // Frè: the cash-out's first band, the free transfers, the rate.
  await page.goto('/home');
  await shortcuts.getByRole('link', { name: 'Frè' }).click();
  const cashOutTable = page.getByTestId('fee-table-saque');
  await expect(cashOutTable.getByRole('row').nth(1)).toHaveText('₭ 0,01 rive ₭ 250,00₭ 5,00');
  await expect(cashOutTable).toContainText('Plis pase ₭ 75.000,00: operasyon sa a pa posib.');
  await expect(page.getByTestId('fee-table-transferencia')).toContainText('Gratis');
  await expect(page.getByTestId('rate')).toHaveText('₭ 1 = 1 goud (HTG)');
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'fees');

  // From the agent's card to the cash-out, the agent already looked up by its number.
  await page.goto('/agents?comuna=delmas');
  await card.getByRole('link', { name: 'Retire lajan isit la' }).click();
  await expect(page).toHaveURL(`/cash-out?agent=${agent.numero}`);
  // The URL changes before the cash-out's page replaces the list (and its other agents' cards).
  await expect(page.getByRole('button', { name: 'Wi, se ajan sa a' })).toBeVisible();
  await expect(page.getByTestId('agent-card')).toContainText(agent.nome_comercial);
  await page.getByRole('button', { name: 'Wi, se ajan sa a' }).click();

  // The fee as the amount is typed, then the server's quote before the code.
  await page.getByLabel('Montan kach la an ₭').fill('50');
  await expect(page.getByTestId('fee-preview')).toHaveText(
    'Frè: ₭ 5,00. Total y ap retire nan kont ou: ₭ 55,00.',
  );
  await page.getByRole('button', { name: 'Wè frè a epi resevwa kòd la' }).click();
  const quote = page.getByTestId('cash-out-quote');
  await expect(quote).toContainText('Kach ou ap resevwa₭ 50,00');
  await expect(quote).toContainText('Frè₭ 5,00');
  await expect(quote).toContainText('Total y ap retire nan kont ou₭ 55,00');
  await expect(quote).toContainText(`${agent.nome_comercial} (Ajan ${agent.numero})`);
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'cash-out-quote');

  // A wrong code is said with the attempts left; the right one holds amount + fee.
  const code = codeOf((await latestMessage(request, customer.phone, 'cash_out_code')).text);
  const wrong = code === '000000' ? '111111' : '000000';
  const codeField = page.getByLabel('Kòd WhatsApp la');
  await codeField.fill(wrong);
  await page.getByRole('button', { name: 'Konfime retrè a' }).click();
  await expect(page.getByTestId('step-refusal')).toHaveText('Kòd la pa kòrèk. Tantativ ki rete: 2.');
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Konfime retrè a' }).click();
  await expect(page.getByRole('heading', { name: 'Ale lakay ajan an' })).toBeVisible();
  await expect(page.getByTestId('held-body')).toHaveText(
    'Nou kenbe ₭ 55,00 nan kont ou (₭ 50,00 + frè ₭ 5,00). Ajan an ap ba ou ₭ 50,00 kach.',
  );
  await expect(page.getByTestId('held-cash-out')).toContainText(
    `₭ 50,00 kach lakay ${agent.nome_comercial} (ajan ${agent.numero})`,
  );
  await expectNoAxeViolations(page);
  await shot(page, testInfo, 'cash-out-held');

  // The agent sees it waiting and hands the cash over.
  const waiting = await request.get('/api/me/agent/cash-outs', {
    headers: await bearerHeaders(request, agent.user),
  });
  const { saques } = (await waiting.json()) as {
    saques: { movimentacao_id: string; quantidade_centis: number }[];
  };
  expect(saques.map((s) => s.quantidade_centis)).toEqual([5000]);
  await handOverThroughApi(request, agent, saques[0]?.movimentacao_id ?? '');

  // The customer's ₭100 of sign-up bonus lost the amount and the fee; nothing waits any more.
  await page.getByRole('link', { name: 'Retounen lakay' }).click();
  await expect(page.getByTestId('balance')).toHaveText('₭ 45,00');
  await page.goto('/cash-out');
  await expect(page.getByLabel('Nimewo ajan an')).toBeVisible();
  await expect(page.getByTestId('held-cash-out')).toHaveCount(0);

  // The agent's own home links to their desk.
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  await logIn(agentPage, agent.user);
  await expect(
    agentPage.getByRole('navigation', { name: 'Aksè rapid' }).getByRole('link', { name: 'Biwo ajan' }),
  ).toHaveAttribute('href', '/agent');
  await agentContext.close();
});
