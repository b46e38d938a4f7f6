import { expect, test } from '@playwright/test';
import { createUser, latestMessage, linkIn, logIn, newUser } from './support/accounts';

test('a wrong password says so; an unconfirmed account is offered a new link', async ({ page, request }) => {
  const user = await createUser(request, { confirmed: false });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Konekte' })).toBeVisible();
  await page.getByLabel('Imèl').fill(user.email);
  await page.getByLabel('Modpas', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Konekte', exact: true }).click();
  await expect(page.getByText('Imèl oswa modpas la pa kòrèk.')).toBeVisible();
  await expect(page).toHaveURL('/login');

  await page.getByLabel('Modpas', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Konekte', exact: true }).click();
  const unconfirmed = page.getByText(/Ou poko konfime imèl ou/);
  await expect(unconfirmed).toBeVisible();
  // At 360 px the sentence keeps the toast's width: its button sits under it, not beside it.
  expect((await unconfirmed.boundingBox())?.width ?? 0).toBeGreaterThan(200);
  await page.screenshot({ path: '/tmp/kc/shots/auth-unconfirmed-toast-360.png' });
  await page.getByRole('button', { name: 'Voye lyen an ankò' }).click();
  await expect(page.getByText('Nou voye yon nouvo lyen. Gade imèl ou.')).toBeVisible();
});

test('the login form checks its fields before asking the server, and shows the password on request', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Konekte', exact: true }).click();
  await expect(page.getByText('Imèl la obligatwa.')).toBeVisible();
  await expect(page.getByText('Modpas la obligatwa.')).toBeVisible();

  const password = page.getByLabel('Modpas', { exact: true });
  await password.fill('abc');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Montre modpas la' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Kache modpas la' }).click();
  await expect(password).toHaveAttribute('type', 'password');

  for (const [name, path] of [
    ['Ou bliye modpas ou?', '/forgot-password'],
    ['Kreye yon kont', '/register'],
    ['Retounen nan paj akèy', '/'],
  ] as const) {
    await expect(page.getByRole('link', { name })).toHaveAttribute('href', path);
  }
  await expect(page.getByRole('link', { name: 'Kondisyon itilizasyon' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Politik konfidansyalite' })).toBeVisible();
});

test('forgot password → the reset link from the outbox → a new password that logs in', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Ou bliye modpas ou?' }).click();
  await expect(page).toHaveURL('/forgot-password');

  await page.getByRole('button', { name: 'Voye lyen an' }).click();
  await expect(page.getByText('Imèl la obligatwa.')).toBeVisible();
  await page.getByLabel('Imèl').fill('not-an-email');
  await page.getByRole('button', { name: 'Voye lyen an' }).click();
  await expect(page.getByText('Imèl la pa valab. Egzanp: non@egzanp.com')).toBeVisible();

  await page.getByLabel('Imèl').fill(user.email);
  await page.getByRole('button', { name: 'Voye lyen an' }).click();
  await expect(page.getByRole('heading', { name: 'Gade nan imèl ou' })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();

  const mail = await latestMessage(request, user.email, 'password_reset');
  await page.goto('/dev/outbox');
  const card = page.getByRole('listitem').filter({ hasText: 'Chanje modpas ou — KreyolCash' }).filter({
    hasText: user.email,
  });
  await card.getByRole('link', { name: linkIn(mail.text) }).click();

  await expect(page).toHaveURL(/\/reset-password#access_token=.+&refresh_token=.+&type=recovery$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvo Modpas' })).toBeVisible();
  await page.getByRole('button', { name: 'Chanje modpas la' }).click();
  await expect(page.getByText('Nouvo modpas la obligatwa.')).toBeVisible();
  await page.getByLabel('Nouvo modpas', { exact: true }).fill('abc');
  await page.getByRole('button', { name: 'Chanje modpas la' }).click();
  await expect(page.getByText('Modpas la dwe gen omwen 6 karaktè.')).toBeVisible();

  const newPassword = `${user.password}-novo`;
  await page.getByLabel('Nouvo modpas', { exact: true }).fill(newPassword);
  await page.getByLabel('Konfime nouvo modpas la').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Chanje modpas la' }).click();
  await expect(page.getByText('De modpas yo pa menm.')).toBeVisible();
  await page.getByLabel('Konfime nouvo modpas la').fill(newPassword);
  await page.getByRole('button', { name: 'Chanje modpas la' }).click();

  await expect(page.getByRole('heading', { name: 'Modpas la chanje!' })).toBeVisible();
  // The page moves on to the login by itself after 3 seconds.
  await expect(page).toHaveURL('/login', { timeout: 6_000 });

  await page.getByLabel('Imèl').fill(user.email);
  await page.getByLabel('Modpas', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Konekte', exact: true }).click();
  await expect(page.getByText('Imèl oswa modpas la pa kòrèk.')).toBeVisible();
  await logIn(page, { email: user.email, password: newPassword });

  // The link works once.
  await page.goto(new URL(linkIn(mail.text)).pathname + new URL(linkIn(mail.text)).hash);
  await page.getByLabel('Nouvo modpas', { exact: true }).fill(`${newPassword}2`);
  await page.getByLabel('Konfime nouvo modpas la').fill(`${newPassword}2`);
  await page.getByRole('button', { name: 'Chanje modpas la' }).click();
  await expect(page.getByRole('heading', { name: 'Lyen an pa valab' })).toBeVisible();
  await expect(page.getByText('Lyen pou chanje modpas sa a pa valab oswa li ekspire.')).toBeVisible();
});

test('a reset link without its tokens says “Lyen an pa valab” and goes to /forgot-password', async ({
  page,
}) => {
  // The toast goes by itself 4 s after it shows, and on a busy machine a look at the page can take
  // longer than that: the test holds the page's clock and moves it on only until the toast is seen,
  // so what it checks is that the toast shows, not that the test looked in time.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.goto('/reset-password');
  const toast = page
    .getByRole('region', { name: /Notifikasyon/ })
    .getByRole('listitem')
    .filter({ hasText: 'Lyen an pa valab' })
    .filter({ hasText: 'Lyen pou chanje modpas sa a pa valab oswa li ekspire.' });
  await expect
    .poll(async () => {
      if (await toast.isVisible()) return true;
      await page.clock.runFor(100);
      return false;
    })
    .toBe(true);
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Ou bliye modpas ou?' })).toBeVisible();
});

test('a confirmation link that is not valid says so and offers the login', async ({ page }) => {
  await page.goto('/confirm-email#token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Lyen an pa valab' })).toBeVisible();
  await page.getByRole('link', { name: 'Konekte', exact: true }).click();
  await expect(page).toHaveURL('/login');
});

test('/home without a session goes to the login', async ({ page }) => {
  await page.goto('/home');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Konekte' })).toBeVisible();
});

test('the e-mail confirmation page resends the link', async ({ page }) => {
  const email = newUser().email;
  await page.goto('/email-confirmation');
  await page.getByRole('button', { name: 'Voye lyen an ankò' }).click();
  await expect(page.getByText('Imèl la obligatwa.')).toBeVisible();
  await page.getByLabel('Imèl').fill(email);
  await page.getByRole('button', { name: 'Voye lyen an ankò' }).click();
  await expect(page.getByText('Nou voye yon nouvo lyen. Gade imèl ou.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Retounen nan koneksyon' })).toHaveAttribute('href', '/login');
});
