import { expect, test } from '@playwright/test';
import { signInToBackOffice } from './support/operators';

test('an admin created by operator:create signs in with a TOTP code and sees every area of the back office', async ({
  page,
}) => {
  await signInToBackOffice(page, 'admin');
  await expect(page.getByTestId('admin-operator')).toContainText('Administratè');
  const nav = page.getByRole('navigation');
  for (const area of [
    'Itilizatè',
    'Verifikasyon dokiman',
    'Diskisyon sou peman',
    'Ajisteman',
    'Moderasyon',
    'Kont jeneral',
    'Jounal aksyon',
  ]) {
    await expect(nav.getByRole('link', { name: area })).toBeVisible();
  }
  await page.getByLabel('Lang').selectOption('fr');
  await expect(nav.getByRole('link', { name: 'Journal d’audit' })).toBeVisible();
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page.getByRole('heading', { name: 'Connexion au back-office' })).toBeVisible();
});

test('the back office’s sign-in names what a blank form misses, and a wrong one in words, not with an error key', async ({
  page,
}) => {
  await page.goto('/admin');
  let tries = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/session')) tries += 1;
  });
  await page.getByRole('button', { name: 'Konekte' }).click();
  await expect(page.getByRole('alert')).toHaveText('Ekri imèl ou, modpas ou ak kòd 6 chif aplikasyon an.');
  expect(tries).toBe(0);
  await page.getByLabel('Imèl').fill('nobody@example.com');
  await page.getByLabel('Modpas').fill('not-the-password');
  await page.getByLabel('Kòd aplikasyon otantifikasyon an (6 chif)').fill('123456');
  await page.getByRole('button', { name: 'Konekte' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Imèl, modpas oswa kòd la pa bon/);
  expect(tries).toBe(1);
});
