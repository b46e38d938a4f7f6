import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  test,
} from '@playwright/test';
import { createUser, latestMessage, logIn, newUser, type TestUser } from './support/accounts';
import { operatorRequestAs } from './support/agents';
import { axeViolations } from './support/axe';
import { createOperators, type E2EOperator } from './support/operators';
import { type StartedServer, servedWebDist, startServer } from './support/own-server';
import { letToastsGo } from './support/toasts';

// A transfer with a published fee: the payer sees the fee and the total before the code, is
// charged them, and agrees again when the table changes under the screen. On a server of its own:
// the suite's journeys share one server whose transfers must stay free.

type Band = {
  de_centis: number;
  ate_centis: number;
  fixa_centis: number;
  percentual_bp: number;
  comissao_bp: number;
};
/** Up to ₭1 000: ₭1 and 1,5 % of the amount (₭20 → ₭1,30). Nothing above. */
const FIRST_TABLE: Band[] = [
  { de_centis: 1, ate_centis: 100_000, fixa_centis: 100, percentual_bp: 150, comissao_bp: 0 },
];
/** The same bands, a flat ₭2. */
const SECOND_TABLE: Band[] = [
  { de_centis: 1, ate_centis: 100_000, fixa_centis: 200, percentual_bp: 0, comissao_bp: 0 },
];

async function publish(finance: APIRequestContext, faixas: Band[]) {
  const answer = await finance.put('/api/admin/fees/transferencia', { data: { faixas } });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** The code of the payer's newest transfer, read from the development outbox. */
async function transferCode(api: APIRequestContext, payer: TestUser): Promise<string> {
  const message = await latestMessage(api, payer.phone, 'transfer_code');
  const code = /\*(\d{6})\*/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in: ${message.text}`);
  return code;
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

async function shoot(page: Page, name: string) {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path, animations: 'disabled' });
  await test.info().attach(name, { path, contentType: 'image/png' });
  copyFileSync(path, `/tmp/${name}.png`);
}

// Closed before the server stops: an open wallet keeps its event stream, which the server's
// shutdown waits for, even when a journey failed before closing its page.
const contexts = new Set<BrowserContext>();

async function phone(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    serviceWorkers: 'block',
  });
  contexts.add(context);
  context.once('close', () => contexts.delete(context));
  return context.newPage();
}

/** From home to the amount step, the payee found by e-mail. */
async function toAmountStep(page: Page, payee: TestUser) {
  await page.getByRole('link', { name: 'Nouvo peman' }).click();
  await page.getByLabel('Telefòn oswa imèl moun k ap resevwa a').fill(payee.email);
  await page.getByRole('button', { name: 'Chèche' }).click();
  await page.getByRole('button', { name: 'Wi, se li' }).click();
  await expect(page.getByText('Etap 2/4')).toBeVisible();
}

/** Types the code from the outbox and waits for the success screen. */
async function confirmWithCode(page: Page, api: APIRequestContext, payer: TestUser) {
  await page.getByRole('button', { name: 'Antre kòd la' }).click();
  await page.getByLabel('Kòd WhatsApp la').fill(await transferCode(api, payer));
  await page.getByRole('button', { name: 'Verifye' }).click();
  await expect(page.getByRole('heading', { name: 'Transfè a fèt!' })).toBeVisible();
}

/** The balance the payee's home shows. */
async function expectHomeBalance(browser: Browser, baseURL: string, user: TestUser, balance: string) {
  const page = await phone(browser, baseURL);
  await logIn(page, user);
  await expect(page.getByTestId('balance')).toHaveText(balance);
  await page.context().close();
}

test.describe('a transfer with a published fee (a server of its own)', () => {
  test.describe.configure({ mode: 'serial' });
  let server: StartedServer | undefined;
  let api: APIRequestContext;
  let finance: APIRequestContext;

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(240_000);
    const scratch = mkdtempSync(join(tmpdir(), 'kreyolcash-e2e-transfer-fee-'));
    const [treasurer] = createOperators(join(scratch, 'data'), [{ name: 'feetreasury', role: 'finance' }]);
    server = await startServer({
      scratch,
      webDist: servedWebDist,
      env: { AGENTS_ENABLED: 'true', RATE_LIMIT_MULTIPLIER: '100' },
    });
    api = await playwright.request.newContext({ baseURL: server.url });
    finance = await operatorRequestAs(server.url, treasurer as E2EOperator);
  });
  test.afterAll(async () => {
    for (const context of [...contexts]) await context.close();
    await finance?.dispose();
    await api?.dispose();
    await server?.stop();
  });

  test('the payer sees the fee and the total before the code, and is charged them', async ({ browser }) => {
    test.slow();
    const url = server?.url ?? '';
    await publish(finance, FIRST_TABLE);
    const payer = await createUser(api, { user: newUser('Jan') });
    const payee = await createUser(api, { user: newUser('Mirlande') });

    const page = await phone(browser, url);
    await logIn(page, payer);
    await expect(page.getByTestId('balance')).toHaveText('₭ 100,00');
    await toAmountStep(page, payee);

    // Above the last band: the most a transfer may be, and no button.
    const amount = page.getByLabel('Montan an ₭');
    const confirm = page.getByRole('button', { name: 'Konfime' });
    await amount.fill('1000,01');
    await expect(page.getByTestId('fee-preview')).toHaveText(
      'Montan an twò gwo pou yon transfè: ₭ 1.000,00 pou pi plis.',
    );
    await expect(confirm).toBeDisabled();

    // The fee and the total as the amount is typed.
    await amount.fill('20');
    await expect(page.getByTestId('transfer-fee')).toHaveText('Frè: ₭ 1,30');
    await expect(page.getByTestId('transfer-total')).toHaveText('Total: ₭ 21,30');
    await letToastsGo(page);
    await expectNoAxeViolations(page);
    await shoot(page, 'transfer-fee-amount-360');
    await confirm.click();

    // The confirmation before the code says them again.
    await expect(page.getByRole('heading', { name: 'Tcheke WhatsApp ou' })).toBeVisible();
    await expect(page.getByText(`₭ 20,00 pou ${payee.fullName}`)).toBeVisible();
    await expect(page.getByTestId('transfer-fee')).toHaveText('Frè: ₭ 1,30');
    await expect(page.getByTestId('transfer-total')).toHaveText('Total: ₭ 21,30');
    await expectNoAxeViolations(page);
    await shoot(page, 'transfer-fee-code-sent-360');
    await confirmWithCode(page, api, payer);
    await expect(page.getByText(`Ou voye ₭ 20,00 bay ${payee.fullName}.`)).toBeVisible();
    await expect(page.getByTestId('transfer-fee')).toHaveText('Frè: ₭ 1,30');
    await expectNoAxeViolations(page);

    // The balances: amount + fee out of the payer's, the amount into the payee's.
    await page.getByRole('link', { name: 'Retounen lakay' }).click();
    await expect(page.getByTestId('balance')).toHaveText('₭ 78,70');
    await expectHomeBalance(browser, url, payee, '₭ 120,00');

    // The movement's detail names the fee paid.
    await page.goto('/statement');
    await page.getByTestId('statement-rows').getByRole('link').first().click();
    await expect(page.getByTestId('amount-card')).toContainText('Frè ou te peye');
    await expect(page.getByTestId('amount-card')).toContainText('₭ 1,30');
    await page.context().close();
  });

  test('a fee changed before the confirmation is shown, agreed to again, and charged', async ({
    browser,
  }) => {
    test.slow();
    const url = server?.url ?? '';
    await publish(finance, FIRST_TABLE);
    const payer = await createUser(api, { user: newUser('Woody') });
    const payee = await createUser(api, { user: newUser('Nadège') });

    const page = await phone(browser, url);
    await logIn(page, payer);
    await toAmountStep(page, payee);
    await page.getByLabel('Montan an ₭').fill('10');
    await expect(page.getByTestId('transfer-fee')).toHaveText('Frè: ₭ 1,15');

    // The table changes while the screen shows the old fee.
    await publish(finance, SECOND_TABLE);
    await expect(page.getByTestId('transfer-fee')).toHaveText('Frè: ₭ 1,15');
    await page.getByRole('button', { name: 'Konfime' }).click();
    await expect(page.getByTestId('step-refusal')).toContainText(
      'Frè a chanje depi ou te wè l: kounye a se ₭ 2,00.',
    );
    await expect(page.getByTestId('transfer-fee')).toHaveText('Frè: ₭ 2,00');
    await expect(page.getByTestId('transfer-total')).toHaveText('Total: ₭ 12,00');
    // Nothing else is lost: the amount is still typed.
    await expect(page.getByLabel('Montan an ₭')).toHaveValue('10');
    await letToastsGo(page);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Konfime' }).click();
    await expect(page.getByRole('heading', { name: 'Tcheke WhatsApp ou' })).toBeVisible();
    await expect(page.getByTestId('transfer-total')).toHaveText('Total: ₭ 12,00');
    await confirmWithCode(page, api, payer);
    await page.getByRole('link', { name: 'Retounen lakay' }).click();
    await expect(page.getByTestId('balance')).toHaveText('₭ 88,00');
    await page.context().close();
    await expectHomeBalance(browser, url, payee, '₭ 110,00');
  });
});
