import { statSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  codeOf,
  createUser,
  documentPhoto,
  largePngFile,
  latestMessage,
  newUser,
  profilePhoto,
  type TestUser,
} from './support/accounts';

function continueButton(page: Page) {
  return page.getByRole('button', { name: 'Kontinye', exact: true });
}

async function expectStep(page: Page, step: number) {
  await expect(page.getByText(`Etap ${step}/9`, { exact: true })).toBeVisible();
}

/** Fills the nine steps of the wizard, checking each one's screen, and submits. */
async function fillWizard(page: Page, user: TestUser) {
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Kreye kont ou' })).toBeVisible();

  await expectStep(page, 1);
  await page.getByLabel('Non konplè').fill(user.fullName);
  await continueButton(page).click();

  await expectStep(page, 2);
  const nif = page.getByLabel('NIF');
  await nif.pressSequentially(user.nif);
  // Masked as it is typed (spec §5).
  await expect(nif).toHaveValue(
    `${user.nif.slice(0, 3)}-${user.nif.slice(3, 6)}-${user.nif.slice(6, 9)}-${user.nif[9]}`,
  );
  await continueButton(page).click();

  await expectStep(page, 3);
  await page.getByLabel('Foto dokiman').setInputFiles(documentPhoto);
  await expect(page.getByText('nif-kat.jpg')).toBeVisible();
  // A tiny photo's real size (278 bytes), not an empty-looking 0,00.
  await expect(page.getByText(/^0,00027 MB$/)).toBeVisible();
  await continueButton(page).click();

  await expectStep(page, 4);
  await page.getByLabel('Imèl').fill(user.email);
  const phone = page.getByLabel('Telefòn (WhatsApp)');
  await phone.pressSequentially(`${user.phone.slice(0, 4)} ${user.phone.slice(4, 8)}-${user.phone.slice(8)}`);
  // Only digits and the plus sign stay.
  await expect(phone).toHaveValue(user.phone);
  await continueButton(page).click();

  await expectStep(page, 5);
  await page.getByLabel('Dat nesans').fill(user.birthDate);
  await continueButton(page).click();

  await expectStep(page, 6);
  await page.getByRole('radio', { name: 'Fi' }).check();
  await continueButton(page).click();

  await expectStep(page, 7);
  await page.getByLabel('Foto pwofil').setInputFiles(profilePhoto);
  await expect(page.getByText('foto-pwofil.png')).toBeVisible();
  await continueButton(page).click();

  await expectStep(page, 8);
  await page.getByLabel('Modpas', { exact: true }).fill(user.password);
  await continueButton(page).click();

  await expectStep(page, 9);
  await page.getByLabel('Konfime modpas la').fill(user.password);
  await page.getByRole('button', { name: 'Enskri', exact: true }).click();
}

test('a new user signs up in 9 steps, confirms the e-mail from the outbox, logs in, proves the phone and sees ₭ 100,00', async ({
  page,
  request,
}) => {
  const user = newUser('Roseline');
  await fillWizard(page, user);

  await expect(page).toHaveURL('/email-confirmation');
  await expect(page.getByText('Kont ou kreye! Ou resevwa ₭ 100,00 kado.')).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();

  // The development outbox is how a local user reads the e-mail.
  await page.goto('/dev/outbox');
  const mail = page
    .getByRole('listitem')
    .filter({ hasText: `Pou ${user.email}` })
    .first();
  await expect(mail).toContainText('Konfime imèl ou — KreyolCash');
  await mail.getByRole('link', { name: /\/confirm-email#token=/ }).click();

  await expect(page).toHaveURL(/\/confirm-email#token=/);
  await expect(page.getByRole('heading', { name: 'Imèl ou konfime!' })).toBeVisible();
  await page.getByRole('link', { name: 'Konekte', exact: true }).click();

  await expect(page).toHaveURL('/login');
  await page.getByLabel('Imèl').fill(user.email);
  await page.getByLabel('Modpas', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Konekte', exact: true }).click();

  // The phone of step 4 is proven with the WhatsApp code before the wallet.
  await expect(page).toHaveURL('/verify-phone');
  const proof = await latestMessage(request, user.phone, 'phone_proof_code');
  await page.getByLabel('Kòd 6 chif').fill(codeOf(proof.text));
  await page.getByRole('button', { name: 'Konfime', exact: true }).click();

  await expect(page).toHaveURL('/home');
  await expect(page.getByText('Bonjou, Roseline!')).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveText('₭ 100,00');
  const signup = page.getByRole('link', { name: /Bonis enskripsyon/ });
  await expect(signup).toContainText('+₭ 100,00');
  await expect(signup).toHaveAttribute('href', /^\/transaction\/[0-9a-f-]{36}$/);
});

test('each step validates before moving on, and Back clears that step’s errors', async ({ page }) => {
  await page.goto('/register');
  await continueButton(page).click();
  await expect(page.getByText('Non konplè ou obligatwa.')).toBeVisible();
  await expectStep(page, 1);
  await expect(page.getByRole('button', { name: 'Retounen' })).toHaveCount(0);

  await page.getByLabel('Non konplè').fill('Jean Pierre');
  await continueButton(page).click();
  await expectStep(page, 2);
  await page.getByLabel('NIF').pressSequentially('12345');
  await continueButton(page).click();
  await expect(page.getByText(/NIF la pa valab/)).toBeVisible();

  await page.getByRole('button', { name: 'Retounen' }).click();
  await expectStep(page, 1);
  await expect(page.getByLabel('Non konplè')).toHaveValue('Jean Pierre');
  await continueButton(page).click();
  await expectStep(page, 2);
  // The old error is gone; the typed digits are still there.
  await expect(page.getByText(/NIF la pa valab/)).toHaveCount(0);
  await expect(page.getByLabel('NIF')).toHaveValue('123-45');
  await expect(page.getByLabel('NIF')).toHaveAttribute('maxlength', '14');
});

test('a photo that is not a JPG or PNG is refused, and a chosen one can be removed', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Non konplè').fill('Jean Pierre');
  await continueButton(page).click();
  await page.getByLabel('NIF').pressSequentially(newUser().nif);
  await continueButton(page).click();

  await expectStep(page, 3);
  await continueButton(page).click();
  await expect(page.getByText('Ajoute yon foto dokiman ou.')).toBeVisible();
  await page
    .getByLabel('Foto dokiman')
    .setInputFiles({ name: 'kat.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('Foto a dwe an JPG oswa PNG.')).toBeVisible();

  await page.getByLabel('Foto dokiman').setInputFiles(documentPhoto);
  await expect(page.getByText('Foto a dwe an JPG oswa PNG.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Retire foto a' }).click();
  await expect(page.getByText('nif-kat.jpg')).toHaveCount(0);
});

test('a 7 MB camera photo is redrawn as a small JPEG before upload, so it is accepted', async ({
  page,
}, testInfo) => {
  const photo = largePngFile(testInfo);
  expect(statSync(photo).size).toBeGreaterThan(5 * 1024 * 1024);
  await page.goto('/register');
  await page.getByLabel('Non konplè').fill('Jean Pierre');
  await continueButton(page).click();
  await page.getByLabel('NIF').pressSequentially(newUser().nif);
  await continueButton(page).click();

  await page.getByLabel('Foto dokiman').setInputFiles(photo);
  await expect(page.getByText('kamera.jpg')).toBeVisible();
  await expect(page.getByText(/^0,\d\d MB$/)).toBeVisible();
  await continueButton(page).click();
  await expectStep(page, 4);
});

test('a NIF in use is cleared at the 10th digit; an e-mail in use sends the user back to step 4', async ({
  page,
  request,
}) => {
  const existing = await createUser(request, { confirmed: false });
  await page.goto('/register');
  await page.getByLabel('Non konplè').fill('Jean Pierre');
  await continueButton(page).click();
  await page.getByLabel('NIF').pressSequentially(existing.nif);
  await expect(page.getByText('NIF la deja egziste')).toBeVisible();
  await expect(page.getByLabel('NIF')).toHaveValue('');

  // The same e-mail, everything else new: the server's 409 lands on the step that holds the field.
  await fillWizard(page, { ...newUser('Jean'), email: existing.email });
  await expectStep(page, 4);
  await expect(page.getByText('Imèl sa a deja itilize nan yon lòt kont.').first()).toBeVisible();
  await expect(page).toHaveURL('/register');
});
