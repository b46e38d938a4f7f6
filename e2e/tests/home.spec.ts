import { copyFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createUser, logIn } from './support/accounts';

test('home: greeting, hidden balance that survives a reload, shortcuts, movements, logout', async ({
  page,
  request,
}, testInfo) => {
  const user = await createUser(request);
  await logIn(page, user);
  await expect(page.getByText(`Bonjou, ${user.firstName}!`)).toBeVisible();
  const balance = page.getByTestId('balance');
  await expect(balance).toHaveText('₭ 100,00');

  // 360×740, as a cheap Android phone shows it (reloaded: the session comes back from the cookie,
  // and the welcome toast is gone).
  await page.reload();
  await expect(page.getByTestId('balance')).toHaveText('₭ 100,00');
  await expect(page.getByRole('link', { name: /Bonis enskripsyon/ })).toBeVisible();
  const path = testInfo.outputPath('home-360.png');
  await page.screenshot({ path, animations: 'disabled' });
  await testInfo.attach('home-360', { path, contentType: 'image/png' });
  copyFileSync(path, '/tmp/shot-home.png');

  await page.getByRole('button', { name: 'Kache balans lan' }).click();
  await expect(balance).toContainText('•••••');
  await expect(balance).not.toContainText('100,00');

  // The session comes back from the refresh cookie, and the choice from this device's storage.
  await page.reload();
  await expect(page).toHaveURL('/home');
  await expect(page.getByTestId('balance')).toContainText('•••••');
  await page.getByRole('button', { name: 'Montre balans lan' }).click();
  await expect(page.getByTestId('balance')).toHaveText('₭ 100,00');

  const shortcuts = page.getByRole('navigation', { name: 'Aksè rapid' });
  for (const [name, path] of [
    ['Voye', '/transfer'],
    ['Konpani', '/companies'],
    ['Envite', '/referrals'],
    ['Istorik', '/statement'],
  ] as const) {
    await expect(shortcuts.getByRole('link', { name })).toHaveAttribute('href', path);
  }
  await expect(page.getByRole('link', { name: 'Wè tout' })).toHaveAttribute('href', '/statement');
  await expect(page.getByRole('link', { name: 'Nouvo peman' })).toHaveAttribute('href', '/transfer');
  await expect(page.getByRole('link', { name: 'Pwofil mwen' })).toHaveAttribute('href', '/profile');
  const list = page.getByRole('link', { name: /Bonis enskripsyon/ }).locator('xpath=ancestor::div[1]');
  expect((await list.boundingBox())?.height).toBe(200);

  // With a session, the login page sends the user to the wallet.
  await page.goto('/login');
  await expect(page).toHaveURL('/home');

  await page.getByRole('button', { name: 'Dekonekte' }).click();
  await expect(page).toHaveURL('/login');
  await page.goto('/home');
  await expect(page).toHaveURL('/login');
});

test('the home screen keeps its layout while the data arrives (no layout shift)', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await logIn(page, user);
  await page.reload();
  await expect(page.getByTestId('balance')).toHaveText('₭ 100,00');
  await expect(page.getByRole('link', { name: /Bonis enskripsyon/ })).toBeVisible();
  const layoutShift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 200);
      }),
  );
  expect(layoutShift).toBeLessThan(0.02);
});
