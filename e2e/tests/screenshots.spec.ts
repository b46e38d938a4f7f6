import { copyFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { documentPhoto } from './support/accounts';

// 360×740 pictures of the account screens (the config's viewport), kept as artifacts.

test('saves a screenshot of the login page', async ({ page }, testInfo) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Konekte' })).toBeVisible();
  const path = testInfo.outputPath('login-360.png');
  await page.screenshot({ path, animations: 'disabled' });
  await testInfo.attach('login-360', { path, contentType: 'image/png' });
  copyFileSync(path, '/tmp/shot-login.png');
});

test('saves a screenshot of a middle step of the registration', async ({ page }, testInfo) => {
  await page.goto('/register');
  await page.getByLabel('Non konplè').fill('Marie Jean-Baptiste');
  await page.getByRole('button', { name: 'Kontinye' }).click();
  await page.getByLabel('NIF').pressSequentially('9876543210');
  await page.getByRole('button', { name: 'Kontinye' }).click();
  await page.getByLabel('Foto dokiman').setInputFiles(documentPhoto);
  await expect(page.getByText('Etap 3/9')).toBeVisible();
  await expect(page.locator('main img')).toBeVisible();
  const path = testInfo.outputPath('register-360.png');
  await page.screenshot({ path, animations: 'disabled' });
  await testInfo.attach('register-360', { path, contentType: 'image/png' });
  copyFileSync(path, '/tmp/shot-register.png');
});
