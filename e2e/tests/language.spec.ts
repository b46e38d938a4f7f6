import { expect, test } from '@playwright/test';

test('switching to English changes the texts and is remembered after a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ht');
  await expect(page.getByRole('link', { name: 'Kòmanse kounye a' })).toBeVisible();

  await page.getByLabel('Lang').selectOption('en');
  await expect(page.getByRole('link', { name: 'Start now' })).toBeVisible();
  await expect(page.getByText('Your digital money, in Creole')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.reload();
  await expect(page.getByRole('link', { name: 'Start now' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(page.getByLabel('Language')).toHaveValue('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('Portuguese and French can be chosen too, and the legal pages follow', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Lang').selectOption('pt-BR');
  await expect(page.getByRole('link', { name: 'Começar agora' })).toBeVisible();
  await page.getByRole('link', { name: 'Termos de uso' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Termos de uso' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('O KreyolCash (₭) não é moeda legal');

  await page.getByLabel('Idioma').selectOption('fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Conditions d’utilisation' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('n’a pas cours légal');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});
