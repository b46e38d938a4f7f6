import { copyFileSync, mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, type TestInfo, test } from '@playwright/test';
import {
  createUser,
  documentPhoto,
  latestMessage,
  linkIn,
  logIn,
  newUser,
  profilePhoto,
  provePhone,
  type TestUser,
} from './support/accounts';

// The referral bonus waits for the friend's proven phone and confirmed
// e-mail, and the referrals screen shows this month's bonuses against the monthly cap; the
// profile never shows the whole document number.

const SHOTS = '/tmp/kc/shots/referrals';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const path = testInfo.outputPath(`${name}-360.png`);
  await page.screenshot({ path, animations: 'disabled', fullPage: true });
  await testInfo.attach(`${name}-360`, { path, contentType: 'image/png' });
  copyFileSync(path, `${SHOTS}/${name}-360.png`);
}

async function bearer(request: APIRequestContext, user: TestUser) {
  const login = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
}

/** A sign-up with the inviter's referral code, through the API. */
async function signUpWithCode(request: APIRequestContext, friend: TestUser, code: string) {
  const signup = await request.post('/api/auth/signup', {
    multipart: {
      nome_completo: friend.fullName,
      documento: friend.nif,
      email: friend.email,
      telefone: friend.phone,
      data_nascimento: friend.birthDate,
      sexo: 'F',
      password: friend.password,
      codigo_indicacao: code,
      document_photo: documentPhoto,
      profile_photo: profilePhoto,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
}

async function confirmEmail(request: APIRequestContext, user: TestUser) {
  const mail = await latestMessage(request, user.email, 'email_confirmation');
  const token = new URL(linkIn(mail.text)).hash.replace('#token=', '');
  expect((await request.post('/api/auth/confirm-email', { data: { token } })).status()).toBe(200);
}

test('the bonus waits for the phone and the e-mail, and the screen counts it against the monthly cap', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const inviter = await createUser(request, { user: newUser('Rosemond') });
  await provePhone(request, inviter);
  await logIn(page, inviter);
  await page.goto('/referrals');

  const bonus = page.getByRole('region', { name: 'Touche ₭ 10,00 pou chak zanmi' });
  await expect(bonus.getByText('0/20 bonis mwa sa a')).toBeVisible();
  await expect(bonus.getByText('Jiska 20 bonis pa mwa.')).toBeVisible();
  await expect(bonus).toContainText('li pwouve nimewo telefòn li epi li konfime imèl li');
  await expect(bonus).toContainText('yon NIF oswa yon nimewo telefòn pa janm touche de fwa');

  const { codigo_indicacao: code } = (await (
    await request.get('/api/referrals', { headers: await bearer(request, inviter) })
  ).json()) as { codigo_indicacao: string };
  const friend = newUser('Wideline');
  await signUpWithCode(request, friend, code);

  // The confirmed e-mail alone is not enough (an unconfirmed account cannot even sign in to
  // prove its phone)…
  await confirmEmail(request, friend);
  await page.reload();
  await expect(bonus.getByText('0/20 bonis mwa sa a')).toBeVisible();
  await expect(page.getByText('Ou poko envite pèsonn.')).toBeVisible();

  // …the proven phone completes it: the inviter is paid and the count moves.
  await provePhone(request, friend);
  await page.reload();
  await expect(bonus.getByText('1/20 bonis mwa sa a')).toBeVisible();
  const referral = page.getByRole('main').getByRole('listitem').filter({ hasText: friend.firstName });
  await expect(referral.getByText('Bonis peye', { exact: true })).toBeVisible();
  await page.goto('/home');
  await expect(page.getByTestId('balance')).toHaveText('₭ 110,00');
  await page.goto('/referrals');
  await expect(bonus.getByText('1/20 bonis mwa sa a')).toBeVisible();
  await shot(page, testInfo, 'referrals-count');
});

test('the profile never shows the whole document number', async ({ page, request }) => {
  const user = await createUser(request, { user: newUser('Fabienne') });
  await logIn(page, user);
  await page.goto('/profile');
  const details = page.locator('dl');
  await expect(details).toContainText(`***-***-${user.nif.slice(6, 9)}-${user.nif.slice(9)}`);
  // Nowhere in the page, hidden or shown, written with or without its dashes.
  const nifWithDashes = `${user.nif.slice(0, 3)}-${user.nif.slice(3, 6)}-${user.nif.slice(6, 9)}-${user.nif.slice(9)}`;
  const text = (await page.locator('body').textContent()) ?? '';
  for (const shown of [user.nif, nifWithDashes, user.nif.slice(0, 6)]) expect(text).not.toContain(shown);
});
