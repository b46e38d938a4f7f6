import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { createUser, logIn } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { type StartedServer, servedWebDist, startServer } from './support/own-server';

// The landing and the terms tell the truth for each setting of the agents' services. Both are
// prerendered without knowing it, holding the text of both; the server marks the page and the
// stylesheet shows the true one, before the app runs and after. The suite's server runs with the
// agents on; the journey without them starts a server of its own.

const NOTE_WITHOUT = 'KreyolCash (₭) se yon lajan ki sèvi sèlman anndan aplikasyon an';
const NOTE_WITH = 'KreyolCash (₭) se lajan dijital ki sou kont ou nan aplikasyon an';
const AGENTS_CARD = 'Mete ak retire lajan kay yon ajan';
const NO_CASH_OUT = 'Ou pa ka retire KreyolCash an kach';
const CASH_AT_AGENTS = 'Ou ka achte ₭ ak goud kach';
const AGENTS_SECTION = '3. Ajan KreyolCash: mete ak retire lajan';

/** The carousel's dots, named "Montre kat 2 sou 3: …". */
const dots = (page: Page) => page.getByRole('button', { name: /^Montre kat \d sou \d/ });

/** What the landing shows with the agents off: the note of ₭ in the app only, three cards. */
async function expectLandingWithout(page: Page, { app }: { app: boolean }) {
  await expect(page.getByText(NOTE_WITHOUT)).toBeVisible();
  await expect(page.getByText(NOTE_WITH)).toBeHidden();
  await expect(page.getByRole('heading', { name: AGENTS_CARD })).toBeHidden();
  if (!app) return;
  await expect(dots(page)).toHaveCount(3);
  const last = page.getByRole('button', { name: 'Montre kat 3 sou 3: Envite zanmi ou' });
  await last.click();
  // Turned by the app: it has taken the page over, and drew the cards of this setting only.
  await expect(last).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('[aria-roledescription="slide"]')).toHaveCount(3);
}

async function expectLandingWith(page: Page, { app }: { app: boolean }) {
  await expect(page.getByText(NOTE_WITH)).toBeVisible();
  await expect(page.getByText(NOTE_WITHOUT)).toBeHidden();
  if (!app) return;
  await expect(dots(page)).toHaveCount(4);
  const last = page.getByRole('button', { name: `Montre kat 4 sou 4: ${AGENTS_CARD}` });
  await last.click();
  await expect(last).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('[aria-roledescription="slide"]')).toHaveCount(4);
  await expect(page.getByRole('heading', { name: AGENTS_CARD })).toBeVisible();
  await expect(page.getByText('li mete ₭ yo sou kont ou')).toBeVisible();
}

async function expectTermsWithout(page: Page) {
  await expect(page.getByText(NO_CASH_OUT)).toBeVisible();
  await expect(page.getByText(CASH_AT_AGENTS)).toBeHidden();
  await expect(page.getByRole('heading', { name: AGENTS_SECTION })).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: '3. Kont ou' })).toBeVisible();
}

async function expectTermsWith(page: Page) {
  await expect(page.getByText(CASH_AT_AGENTS)).toBeVisible();
  await expect(page.getByText(NO_CASH_OUT)).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: AGENTS_SECTION })).toBeVisible();
  await expect(page.getByText('Ajan KreyolCash se yon biznis endepandan')).toBeVisible();
  await expect(page.getByText('frè chak retrè pibliye sou ekran «Frè»')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '4. Kont ou' })).toBeVisible();
}

/** A screenshot of the screen as the phone shows it, from `from` when given. */
async function shoot(page: Page, name: string, from?: string) {
  if (from) await page.getByText(from).scrollIntoViewIfNeeded();
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path, animations: 'disabled' });
  await test.info().attach(name, { path, contentType: 'image/png' });
  copyFileSync(path, `/tmp/${name}.png`);
}

/**
 * The page's errors (a hydration mismatch among them: the takeover must find the prerendered
 * elements), but for refused requests (the session check's 401).
 */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** A 360 px page on `baseURL`, with or without JavaScript (the prerendered HTML alone). */
async function phone(browser: Browser, baseURL: string, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    viewport: { width: 360, height: 740 },
    serviceWorkers: 'block',
  });
  return context.newPage();
}

test.describe('with the agents off (a server of its own)', () => {
  test.describe.configure({ mode: 'serial' });
  let server: StartedServer | undefined;
  let api: APIRequestContext;

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(180_000);
    server = await startServer({
      scratch: mkdtempSync(join(tmpdir(), 'kreyolcash-e2e-agents-off-')),
      webDist: servedWebDist,
      // Said, not left to this process's environment: the setting is the journey's subject.
      env: { AGENTS_ENABLED: 'false', RATE_LIMIT_MULTIPLIER: '100' },
    });
    api = await playwright.request.newContext({ baseURL: server.url });
  });
  test.afterAll(async () => {
    await api?.dispose();
    await server?.stop();
  });

  test('the landing says ₭ lives only in the app, with no agents card, before the app runs and after', async ({
    browser,
  }) => {
    const url = server?.url ?? '';
    const html = await phone(browser, url, false);
    await html.goto('/');
    await expect(html.locator('html')).not.toHaveAttribute('data-agents', /.*/);
    await expectLandingWithout(html, { app: false });
    await html.context().close();

    const page = await phone(browser, url);
    const errors = watchErrors(page);
    await page.goto('/');
    await expectLandingWithout(page, { app: true });
    expect(errors).toEqual([]);
    await expectNoAxeViolations(page);
    await shoot(page, 'agents-off-landing-360');
    await page.context().close();
  });

  test('the terms say ₭ cannot be changed for cash, and have no agents section', async ({ browser }) => {
    const url = server?.url ?? '';
    const html = await phone(browser, url, false);
    await html.goto('/terms-of-service');
    await expectTermsWithout(html);
    await html.context().close();

    const page = await phone(browser, url);
    await page.goto('/terms-of-service');
    await expectTermsWithout(page);
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  test("a signed-up person's home has no agents, fees or cash-out, and the agents' API is not there", async ({
    browser,
  }) => {
    const user = await createUser(api);
    const page = await phone(browser, server?.url ?? '');
    await logIn(page, user);
    await expect(page.getByTestId('balance')).toHaveText('₭ 100,00');
    for (const name of ['Ajan', 'Frè', 'Retire lajan']) {
      await expect(page.getByRole('link', { name, exact: true }), name).toHaveCount(0);
      await expect(page.getByRole('button', { name, exact: true }), name).toHaveCount(0);
    }
    await page.context().close();

    // Signed in, so that a 404 is the route missing and not a session refused.
    const login = await api.post('/api/auth/login', { data: { email: user.email, password: user.password } });
    expect(login.status()).toBe(200);
    const { access_token } = (await login.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${access_token}` };
    expect((await api.get('/api/me', { headers })).status()).toBe(200);
    for (const path of ['/api/agents?comuna=delmas', '/api/fees', '/api/cash-outs/pending']) {
      expect((await api.get(path, { headers })).status(), path).toBe(404);
    }
  });
});

test.describe("with the agents on (the suite's server)", () => {
  test('the landing says ₭ changes for cash at agents, and has their card', async ({ browser, baseURL }) => {
    const html = await phone(browser, baseURL ?? '', false);
    await html.goto('/');
    await expect(html.locator('html')).toHaveAttribute('data-agents', 'on');
    await expectLandingWith(html, { app: false });
    await html.context().close();

    const page = await phone(browser, baseURL ?? '');
    const errors = watchErrors(page);
    await page.goto('/');
    await expect(page.getByText(NOTE_WITH)).toBeVisible();
    await expectNoAxeViolations(page);
    await expectLandingWith(page, { app: true });
    await shoot(page, 'agents-on-landing-360');
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('the terms say where and how ₭ changes for cash', async ({ browser, baseURL, request }) => {
    const html = await phone(browser, baseURL ?? '', false);
    await html.goto('/terms-of-service');
    await expectTermsWith(html);
    await html.context().close();

    const page = await phone(browser, baseURL ?? '');
    await page.goto('/terms-of-service');
    await expectTermsWith(page);
    await expectNoAxeViolations(page);
    await shoot(page, 'agents-on-terms-360', AGENTS_SECTION);
    await page.context().close();

    // The agents' API is there: what the journey without them finds missing.
    expect((await request.get('/api/agents?comuna=delmas')).status()).not.toBe(404);
  });
});
