import { expect, test } from '@playwright/test';

test('an unknown path shows "Oops! Page not found", logs the path, and links home', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect.poll(() => errors.some((text) => text.includes('/no/such/page'))).toBe(true);

  await page.getByRole('link', { name: 'Retounen nan paj akèy' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'KreyolCash' })).toBeVisible();
});

test('the not-found text stays in English in every language', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('kreyolcash.language', 'fr'));
  await page.goto('/nowhere');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Retour à l’accueil' })).toBeVisible();
});
