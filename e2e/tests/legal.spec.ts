import { expect, test } from '@playwright/test';

const pages = [
  {
    link: 'Kondisyon itilizasyon',
    path: '/terms-of-service',
    mentions: ['₭ 100,00', '15 minit', '10 minit'],
  },
  { link: 'Politik konfidansyalite', path: '/privacy-policy', mentions: ['NIF', 'WhatsApp', '48 èdtan'] },
] as const;

for (const legal of pages) {
  test.describe(legal.link, () => {
    test('its back button returns to the landing', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('link', { name: legal.link }).click();
      await expect(page).toHaveURL(legal.path);
      await expect(page.getByRole('heading', { level: 1, name: legal.link })).toBeVisible();

      await page.getByRole('button', { name: 'Retounen' }).first().click();
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', { level: 1, name: 'KreyolCash' })).toBeVisible();
    });

    test('opened directly, its back button goes to the landing instead of leaving the app', async ({
      page,
    }) => {
      await page.goto(legal.path);
      await page.getByRole('button', { name: 'Retounen' }).last().click();
      await expect(page).toHaveURL('/');
    });

    test('is real content in Haitian Creole', async ({ page }) => {
      await page.goto(legal.path);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 2 }).first()).toBeVisible();
      for (const mention of legal.mentions) await expect(main).toContainText(mention);
      await expect(main).toContainText('support@kreyolcash.ht');
    });
  });
}

test('the terms say KreyolCash is not legal tender and state the bonuses', async ({ page }) => {
  await page.goto('/terms-of-service');
  const main = page.getByRole('main');
  await expect(main).toContainText('Se pa yon lajan legal: se pa goud');
  await expect(main).toContainText('ou resevwa ₭ 100,00');
  await expect(main).toContainText('₭ 10,00 pou chak zanmi');
});
