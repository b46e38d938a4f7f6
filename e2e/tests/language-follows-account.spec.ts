import { type Browser, expect, type Page, test } from '@playwright/test';
import { createUser, logIn, type TestUser } from './support/accounts';

// The language stored for the account follows the person to every browser: chosen in the settings
// of one phone, it is the language of the next sign-in anywhere, and of a phone already signed in.

async function newPhone(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  return context.newPage();
}

// The phone that makes the change signs in through the API in its own browser (which keeps the
// session cookie) and opens the settings straight away: its sign-in is not what this journey is
// about, and through the login page it cost a page load, the form and the home before the page
// load of the settings. With three phones the journey ran out of its minute on a busy machine
// (every step done, the minute over while closing them).
async function signedIn(page: Page, user: TestUser, path: string): Promise<void> {
  const login = await page.request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(login.status()).toBe(200);
  await page.goto(path);
}

async function signInOnFreshLoginPage(page: Page, user: TestUser): Promise<void> {
  // A browser that never chose a language: the login page is Creole.
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ht');
  await page.getByLabel('Imèl').fill(user.email);
  await page.getByLabel('Modpas', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Konekte' }).click();
  await expect(page).toHaveURL('/home');
}

// Two journeys, not one: with three phones in one, every step passed and the minute ran out on a
// busy machine.
test('English chosen in the settings of one phone is the language of the next sign-in on another', async ({
  page,
  request,
  browser,
}, testInfo) => {
  // Two browsers and four page loads: past a minute on a loaded machine.
  test.slow();
  const user = await createUser(request);

  // The first phone chooses English in the settings; the account keeps it.
  await signedIn(page, user, '/settings');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/me') && r.request().method() === 'PATCH');
  await page.getByRole('combobox', { name: 'Lang' }).selectOption('en');
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Your language has changed.')).toBeVisible();

  // A new browser: Creole until the sign-in, then English at once, and after a reload.
  const newBrowser = await newPhone(browser, testInfo.project.use.baseURL);
  await signInOnFreshLoginPage(newBrowser, user);
  await expect(newBrowser.locator('html')).toHaveAttribute('lang', 'en');
  await expect(newBrowser.getByText(`Hello, ${user.firstName}!`)).toBeVisible();
  await expect(
    newBrowser.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link', { name: 'Send' }),
  ).toBeVisible();
  await newBrowser.reload();
  await expect(newBrowser.getByText(`Hello, ${user.firstName}!`)).toBeVisible();
  await newBrowser.screenshot({ path: '/tmp/shots/language-follows-new-browser.png', fullPage: true });
  await newBrowser.context().close();
});

test('a phone signed in before the language changed takes it when it opens the app again', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await logIn(page, user);
  await expect(page.getByText(`Bonjou, ${user.firstName}!`)).toBeVisible();

  // Chosen elsewhere (the settings' choice is the journey above): the account keeps English.
  const login = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const changed = await request.patch('/api/me', {
    headers: { authorization: `Bearer ${token}` },
    data: { idioma: 'en' },
  });
  expect(changed.status(), await changed.text()).toBe(200);

  await page.reload();
  await expect(page.getByText(`Hello, ${user.firstName}!`)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
