import { copyFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, type TestInfo, test } from '@playwright/test';
import {
  createUser,
  documentPhoto,
  largePngFile,
  latestMessage,
  linkIn,
  logIn,
  newUser,
  profilePhoto,
  provePhone,
  type TestUser,
} from './support/accounts';
import { letToastsGo } from './support/toasts';

// The profile, the settings (name, photo, a phone changed through two WhatsApp codes) and
// referrals whose bonus the server really pays — on the real server, at 360×740.

const toasts = (page: Page) => page.locator('[data-sonner-toast]');
const refusal = (page: Page) => page.getByTestId('step-refusal');

/** The 6-digit code of the newest phone-change message of a step, as WhatsApp carries it. */
async function phoneCode(
  request: APIRequestContext,
  phone: string,
  purpose: 'phone_change_current' | 'phone_change_new',
): Promise<string> {
  const message = await latestMessage(request, phone, purpose);
  const code = /\*(\d{6})\*/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in: ${message.text}`);
  return code;
}

/** A phone nobody has: +509 and 8 digits. */
function freshPhone(): string {
  return newUser().phone;
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}-360.png`);
  await page.screenshot({ path, animations: 'disabled' });
  await testInfo.attach(`${name}-360`, { path, contentType: 'image/png' });
  copyFileSync(path, `/tmp/shot-${name}.png`);
}

test('the profile shows the account, with the document number partly hidden', async ({
  page,
  request,
}, testInfo) => {
  const user = await createUser(request, { user: newUser('Nadège') });
  await logIn(page, user);
  await page.getByRole('link', { name: 'Pwofil mwen' }).click();

  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { level: 2, name: user.fullName })).toBeVisible();
  await expect(page.getByText('Aktif')).toBeVisible();
  const details = page.locator('dl');
  await expect(details).toContainText(user.email);
  await expect(details).toContainText(user.phone);
  // 1990-05-01 as pt-BR, whatever the browser's time zone.
  await expect(details).toContainText('01/05/1990');
  await expect(details).toContainText('Fi');
  await expect(details).toContainText('Ayiti');
  await expect(details).toContainText('NIF');
  await expect(details).toContainText(`***-***-${user.nif.slice(6, 9)}-${user.nif.slice(9)}`);
  await expect(details).not.toContainText(user.nif.slice(0, 6));
  await expect(page.locator('main img')).toBeVisible();
  await screenshot(page, testInfo, 'profile');

  await page.getByRole('main').getByRole('link', { name: 'Retounen Lakay' }).click();
  await expect(page).toHaveURL('/home');
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Paramèt' }).click();
  await expect(page).toHaveURL('/settings');
  await page.getByRole('link', { name: 'Retounen nan pwofil la' }).first().click();
  await expect(page).toHaveURL('/profile');
  await page.getByRole('link', { name: 'Modifye Pwofil' }).click();
  await expect(page).toHaveURL('/settings');
});

test('a new name and a new photo saved in /settings show on /profile', async ({
  page,
  request,
}, testInfo) => {
  // A 7 MB photo decoded, redrawn and encoded in the browser, then re-encoded by the server.
  test.slow();
  const user = await createUser(request, { user: newUser('Wilfrid') });
  await logIn(page, user);
  await page.goto('/profile');
  const photo = page.locator('main img').first();
  const oldPhoto = await photo.getAttribute('src');
  await page.goto('/settings');

  await expect(page.getByRole('heading', { level: 1, name: 'Paramèt' })).toBeVisible();
  const email = page.getByLabel('Imèl');
  await expect(email).toHaveValue(user.email);
  await expect(email).not.toBeEditable();

  // The name: saved alone, with its own button.
  const save = page.getByRole('button', { name: 'Anrejistre non an' });
  await expect(save).toBeDisabled();
  await page.getByLabel('Non konplè').fill('   ');
  await save.click();
  await expect(page.getByText('Non konplè ou obligatwa.')).toBeVisible();
  await page.getByLabel('Non konplè').fill('Wilfrid Saint-Louis');
  await save.click();
  await expect(toasts(page).getByText('Non ou mete ajou.')).toBeVisible();
  // Its close button is named in the person's language, not in Sonner's English.
  await expect(toasts(page).getByRole('button', { name: 'Fèmen mesaj la' })).toBeVisible();

  // The photo: what is not an image is refused on the phone; a 7 MB camera photo is made smaller
  // in the browser and accepted.
  const camera = page.getByLabel('Chanje foto pwofil la');
  await camera.setInputFiles({
    name: 'kontra.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4'),
  });
  await expect(toasts(page).getByText('Tanpri chwazi yon imaj ki valab')).toBeVisible();
  await camera.setInputFiles(largePngFile(testInfo));
  await expect(toasts(page).getByText('Foto pwofil ou mete ajou.')).toBeVisible();
  const settingsPhoto = page.getByRole('img', { name: 'Foto Wilfrid Saint-Louis' });
  await expect(settingsPhoto).toBeVisible();
  await expect(settingsPhoto).not.toHaveAttribute('src', oldPhoto ?? '');
  const newPhoto = await settingsPhoto.getAttribute('src');
  expect(newPhoto).not.toBe(oldPhoto);

  // The toasts open at the bottom, over this link: they go before it is tapped.
  await letToastsGo(page);
  await page.getByRole('link', { name: 'Retounen nan pwofil la' }).last().click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { level: 2, name: 'Wilfrid Saint-Louis' })).toBeVisible();
  await expect(page.locator('main img').first()).toHaveAttribute('src', newPhoto ?? '');
  // The old file is gone from the server.
  if (oldPhoto) expect((await request.get(oldPhoto)).status()).toBe(404);

  // After a reload, from the server.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Wilfrid Saint-Louis' })).toBeVisible();
});

test('the phone changes through a code to the current number, then one to the new number', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const holder = await createUser(request, { user: newUser('Woodly') });
  const user = await createUser(request, { user: newUser('Fabienne') });
  const newPhone = freshPhone();
  await logIn(page, user);
  await page.goto('/settings');

  const phone = page.getByLabel('Telefòn (WhatsApp)');
  const confirm = page.getByRole('button', { name: 'Konfime chanjman nimewo a' });
  await expect(phone).toHaveValue(user.phone);
  // Offered only for another number.
  await expect(confirm).toHaveCount(0);

  // A number someone else uses is refused in the step, naming them by first name only (spec §5).
  await phone.fill(holder.phone);
  await confirm.click();
  await expect(refusal(page)).toHaveText('Nimewo sa a deja itilize pa Woodly');

  // Step 1 of 2: a code to the CURRENT number.
  await phone.fill(` ${newPhone.slice(0, 4)} ${newPhone.slice(4)} `);
  await expect(phone).toHaveValue(newPhone);
  await confirm.click();
  await expect(toasts(page).getByText('Kòd voye!')).toBeVisible();
  await expect(
    toasts(page).getByText(`Tcheke WhatsApp ou sou nimewo aktyèl ou a, ${user.phone}.`),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Konfime se ou menm' })).toBeVisible();
  await expect(page.getByText('Etap 1/2')).toBeVisible();
  // Locked while its codes are checked.
  await expect(phone).toBeDisabled();
  await expect(phone).toHaveValue(newPhone);

  // A reload finds the change where it was: the server holds it.
  await page.reload();
  const code = page.getByLabel('Kòd 6 chif');
  await expect(code).toBeVisible();
  await expect(phone).toBeDisabled();
  await code.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'settings');

  const proceed = page.getByRole('button', { name: 'Kontinye' });
  await expect(proceed).toBeDisabled();
  await code.fill('12a45');
  await expect(code).toHaveValue('1245');
  await expect(proceed).toBeDisabled();
  const currentCode = await phoneCode(request, user.phone, 'phone_change_current');
  const wrongCode = currentCode === '111111' ? '222222' : '111111';
  await code.fill(wrongCode);
  await proceed.click();
  await expect(refusal(page)).toHaveText('Kòd la pa kòrèk. Tantativ ki rete: 2.');
  await expect(code).toHaveValue('');
  await expect(page.getByText('Tantativ ki rete: 2', { exact: true })).toBeVisible();

  await code.fill(currentCode);
  await proceed.click();

  // Step 2 of 2: a code to the NEW number.
  await expect(
    toasts(page).getByText(`Nou voye yon kòd sou WhatsApp nouvo nimewo a, ${newPhone}.`),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Konfime nouvo nimewo a' })).toBeVisible();
  await expect(code).toHaveValue('');
  const finish = page.getByRole('button', { name: 'Fini chanjman an' });
  await expect(finish).toBeDisabled();
  // The current number's code does not work for the new one.
  await code.fill(currentCode);
  await finish.click();
  // The refusal, in step 2 itself, empties the field: a code typed before it lands would be wiped.
  await expect(refusal(page)).toHaveText(/^Kòd la pa kòrèk/);
  await expect(code).toHaveValue('');
  await code.fill(await phoneCode(request, newPhone, 'phone_change_new'));
  await finish.click();

  await expect(toasts(page).getByText('Nimewo telefòn ou chanje.')).toBeVisible();
  await expect(phone).toBeEnabled();
  await expect(phone).toHaveValue(newPhone);
  await expect(confirm).toHaveCount(0);
  await expect(code).toHaveCount(0);
  // The old number hears of it.
  await latestMessage(request, user.phone, 'phone_changed');

  await page.goto('/profile');
  await expect(page.locator('dl')).toContainText(newPhone);
});

test('cancelling at step 2 ends the change and puts the current number back', async ({ page, request }) => {
  const user = await createUser(request, { user: newUser('Ketly') });
  const newPhone = freshPhone();
  await logIn(page, user);
  await page.goto('/settings');

  const phone = page.getByLabel('Telefòn (WhatsApp)');
  await phone.fill(newPhone);
  await page.getByRole('button', { name: 'Konfime chanjman nimewo a' }).click();
  const code = page.getByLabel('Kòd 6 chif');
  await code.fill(await phoneCode(request, user.phone, 'phone_change_current'));
  await page.getByRole('button', { name: 'Kontinye' }).click();
  await expect(page.getByRole('heading', { name: 'Konfime nouvo nimewo a' })).toBeVisible();
  await code.fill('123');

  await page.getByRole('button', { name: 'Anile' }).click();
  await expect(code).toHaveCount(0);
  await expect(phone).toBeEnabled();
  await expect(phone).toHaveValue(user.phone);
  await expect(page.getByRole('button', { name: 'Konfime chanjman nimewo a' })).toHaveCount(0);

  // Gone on the server too: a reload offers no step.
  await page.reload();
  await expect(phone).toHaveValue(user.phone);
  await expect(code).toHaveCount(0);
});

/** The friend signs up through the 9 steps, from the invitation link. */
async function signUpFromLink(page: Page, link: string, friend: TestUser) {
  const next = () => page.getByRole('button', { name: 'Kontinye', exact: true }).click();
  await page.goto(link);
  await page.getByLabel('Non konplè').fill(friend.fullName);
  await next();
  await page.getByLabel('NIF').pressSequentially(friend.nif);
  await next();
  await page.getByLabel('Foto dokiman').setInputFiles(documentPhoto);
  await next();
  await page.getByLabel('Imèl').fill(friend.email);
  await page.getByLabel('Telefòn (WhatsApp)').fill(friend.phone);
  await next();
  await page.getByLabel('Dat nesans').fill(friend.birthDate);
  await next();
  await page.getByRole('radio', { name: 'Fi' }).check();
  await next();
  await page.getByLabel('Foto pwofil').setInputFiles(profilePhoto);
  await next();
  await page.getByLabel('Modpas', { exact: true }).fill(friend.password);
  await next();
  await page.getByLabel('Konfime modpas la').fill(friend.password);
  await page.getByRole('button', { name: 'Enskri', exact: true }).click();
  await expect(page).toHaveURL('/email-confirmation');
}

test('a friend invited from /referrals signs up from the link, confirms and proves the phone: the inviter earns ₭10,00', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const inviter = await createUser(request, { user: newUser('Claudette') });
  const friend = newUser('Jasmine');
  await logIn(page, inviter);
  await page.getByRole('link', { name: 'Envite' }).click();

  await expect(page).toHaveURL('/referrals');
  await expect(page.getByRole('heading', { level: 2, name: 'Touche ₭ 10,00 pou chak zanmi' })).toBeVisible();
  await expect(page.getByText('Ou poko envite pèsonn.')).toBeVisible();
  const link = page.getByLabel('Lyen envitasyon ou');
  await expect(link).toHaveValue(/\/register\?ref=[A-Za-z0-9_-]+$/);
  await page.getByRole('button', { name: 'Kopye lyen an' }).click();
  await expect(toasts(page).getByText('Lyen an kopye!')).toBeVisible();

  // Send stays off until both fields hold more than spaces (fill_all_fields).
  const send = page.getByRole('button', { name: 'Voye envitasyon an' });
  const name = page.getByLabel('Non zanmi an');
  const phone = page.getByLabel('Telefòn zanmi an (WhatsApp)');
  await expect(send).toBeDisabled();
  await name.fill('   ');
  await phone.fill(friend.phone);
  await expect(send).toBeDisabled();
  // Never for yourself.
  await name.fill('Mwen menm');
  await phone.fill(inviter.phone);
  await send.click();
  await expect(page.getByText('Ou pa ka envite pwòp tèt ou.')).toBeVisible();

  await phone.fill(friend.phone);
  await name.fill(friend.firstName);
  await send.click();
  await expect(toasts(page).getByText('Envitasyon voye!')).toBeVisible();
  await expect(name).toHaveValue('');
  const invitation = page.getByRole('main').getByRole('listitem').filter({ hasText: friend.firstName });
  await expect(invitation.getByText('Voye', { exact: true })).toBeVisible();
  await expect(invitation).toContainText(friend.phone);

  // The WhatsApp invitation carries the inviter's link.
  const message = await latestMessage(request, friend.phone, 'referral_invitation');
  const signupLink = linkIn(message.text);
  expect(signupLink).toBe(await link.inputValue());

  const friendContext = await browser.newContext();
  const friendPage = await friendContext.newPage();
  await signUpFromLink(friendPage, signupLink, friend);
  await friendContext.close();

  // Signing up is not enough, nor is the confirmed e-mail alone: the proven phone completes it.
  await page.reload();
  await expect(invitation.getByText('Voye', { exact: true })).toBeVisible();
  const mail = await latestMessage(request, friend.email, 'email_confirmation');
  const token = new URL(linkIn(mail.text)).hash.replace('#token=', '');
  expect((await request.post('/api/auth/confirm-email', { data: { token } })).status()).toBe(200);
  await page.reload();
  await expect(invitation.getByText('Voye', { exact: true })).toBeVisible();
  await provePhone(request, friend);

  await page.goto('/home');
  await expect(page.getByTestId('balance')).toHaveText('₭ 110,00');
  await page.goto('/referrals');
  await expect(invitation.getByText('Bonis peye', { exact: true })).toBeVisible();
  await letToastsGo(page);
  // The picture shows the form and the invitation with its status.
  await invitation.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'referrals');
});
