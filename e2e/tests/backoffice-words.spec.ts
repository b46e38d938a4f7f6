import { expect, test } from '@playwright/test';
import { createUser, newUser } from './support/accounts';
import { signInToBackOffice } from './support/operators';

// The back office speaks the operator's language: a user's page at 360 px shows the account's state,
// the language of the person's messages and the audit trail's actions and actors in words, the NIF
// grouped as it is written; a search that cannot run leaves no earlier results on the screen.

test('a user’s page at 360 px is in the operator’s words, and a failed search clears the results', async ({
  page,
  request,
}) => {
  test.slow();
  const person = await createUser(request, { user: newUser('Wideline') });
  // The person chose English for their messages, then froze their own account ("I lost my phone").
  const login = await request.post('/api/auth/login', {
    data: { email: person.email, password: person.password },
  });
  const headers = {
    authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
  };
  expect((await request.patch('/api/me', { headers, data: { idioma: 'en' } })).status()).toBe(200);
  expect((await request.post('/api/me/freeze', { headers, data: {} })).status()).toBe(200);

  await signInToBackOffice(page, 'support2');
  await page.getByRole('navigation').getByRole('link', { name: 'Itilizatè' }).click();
  const search = page.getByLabel('Imèl, telefòn, NIF oswa yon pati nan non an');
  await search.fill(person.email);
  await page.getByRole('button', { name: 'Chèche' }).click();
  const results = page.getByTestId('user-results');
  await expect(results).toContainText(person.email);

  // A search too short to run: the message, and no earlier results under it.
  await search.fill('w');
  await page.getByRole('button', { name: 'Chèche' }).click();
  await expect(page.getByText('Ekri omwen 2 karaktè.')).toBeVisible();
  await expect(results).toHaveCount(0);

  await search.fill(person.nif);
  await page.getByRole('button', { name: 'Chèche' }).click();
  await results.getByRole('link', { name: person.fullName }).click();
  await expect(page.getByRole('heading', { name: person.fullName })).toBeVisible();

  const nif = `${person.nif.slice(0, 3)}-${person.nif.slice(3, 6)}-${person.nif.slice(6, 9)}-${person.nif.slice(9)}`;
  const identity = page.getByRole('definition');
  await expect(identity.filter({ hasText: nif })).toHaveCount(1);
  await expect(identity.filter({ hasText: 'Aktif' })).toHaveCount(1);
  await expect(identity.filter({ hasText: 'Anglè' })).toHaveCount(1);
  await expect(page.getByText('ATIVO', { exact: true })).toHaveCount(0);

  // The audit rows: the person's own freeze and this operator's view of the page, in words.
  const audit = page.getByRole('table', { name: 'Jounal aksyon sou kont lan' });
  await expect(audit).toContainText('Jele kont lan');
  await expect(audit).toContainText('Itilizatè a li menm');
  await expect(audit).toContainText('Gade paj itilizatè a');
  await expect(audit).toContainText('support2 · Sipò');
  for (const raw of [/account\.freeze/, /user\.view/, /usuario/, /operador:/]) {
    await expect(page.getByText(raw)).toHaveCount(0);
  }
  await page.screenshot({ path: '/tmp/shots/backoffice-user-page-360.png', fullPage: true });

  // In French, the same page in French words.
  await page.getByLabel('Lang').selectOption('fr');
  await expect(identity.filter({ hasText: 'Actif' })).toHaveCount(1);
  await expect(identity.filter({ hasText: 'Anglais' })).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Journal des actions sur ce compte' })).toContainText(
    'Gel du compte',
  );
  await page.getByLabel('Langue').selectOption('ht');
});
