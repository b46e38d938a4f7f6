import { expect, test } from '@playwright/test';

test('an unknown path says it in Creole, logs the path, and links home', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Nou pa jwenn paj la' })).toBeVisible();
  await expect.poll(() => errors.some((text) => text.includes('/no/such/page'))).toBe(true);

  await page.getByRole('link', { name: 'Retounen nan paj akèy' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'KreyolCash' })).toBeVisible();
});

test('the not-found page follows the user’s language; English has the spec’s sentence', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('kreyolcash.language', 'fr'));
  await page.goto('/nowhere');
  await expect(page.getByRole('heading', { name: 'Oups ! Page introuvable' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Retour à l’accueil' })).toBeVisible();
  // Init scripts run in order on the reload: English is the last word.
  await page.addInitScript(() => window.localStorage.setItem('kreyolcash.language', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
});
