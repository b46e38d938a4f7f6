import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { codeOf, createUser, latestMessage, newUser, type TestUser } from './support/accounts';

// After sign-up the phone is proven by a WhatsApp code, on a screen in the
// registration wizard's look; until then the money screens lead there. At 360 px.

const SHOTS = '/tmp/kc/shots/phone-proof';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** Signs in through the login page; an account whose phone is not proven lands on /verify-phone. */
async function signIn(page: Page, user: TestUser) {
  await page.goto('/login');
  await page.getByLabel('Imèl').fill(user.email);
  await page.getByLabel('Modpas', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Konekte', exact: true }).click();
}

/** The newest phone-proof code sent to this phone, read from the development outbox. */
async function proofCode(request: APIRequestContext, phone: string, previous?: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      code = codeOf((await latestMessage(request, phone, 'phone_proof_code')).text);
      return previous === undefined || code !== previous;
    })
    .toBe(true);
  return code;
}

test('a new account proves its phone with the WhatsApp code, after correcting a mistyped number, then sends money', async ({
  page,
  request,
}) => {
  test.slow();
  const payer = await createUser(request, { user: newUser('Wideline'), phoneProven: false });
  const payee = await createUser(request, { user: newUser('Kesnel') });

  await signIn(page, payer);
  await expect(page).toHaveURL('/verify-phone');
  await expect(page.getByRole('heading', { level: 1, name: 'Konfime telefòn ou' })).toBeVisible();
  // A code went out on arrival, to the number given at sign-up.
  await expect(page.getByText(`Nou voye yon kòd 6 chif sou WhatsApp nan ${payer.phone}.`)).toBeVisible();
  const firstCode = await proofCode(request, payer.phone);
  await expect(page.getByText('Ou gen 3 esè ki rete.')).toBeVisible();
  // The sign-in's welcome toast goes by itself; the picture is of the screen.
  await expect(page.getByText('Ou konekte. Byenvini!')).toBeHidden();
  await shot(page, 'code-step');

  // A wrong code is said under the field, and the field empties.
  const confirm = page.getByRole('button', { name: 'Konfime', exact: true });
  const codeField = page.getByLabel('Kòd 6 chif');
  await expect(confirm).toBeDisabled();
  await codeField.fill(firstCode === '111111' ? '222222' : '111111');
  await confirm.click();
  await expect(page.getByText('Kòd la pa kòrèk.')).toBeVisible();
  await expect(codeField).toHaveValue('');

  // The number was mistyped: correct it; a number someone else has is refused by first name.
  await page.getByRole('button', { name: 'Chanje nimewo a' }).click();
  const numberField = page.getByLabel('Bon nimewo WhatsApp ou');
  await numberField.fill(payee.phone);
  await page.getByRole('button', { name: 'Voye kòd la' }).click();
  await expect(page.getByText('Nimewo sa a deja itilize pa Kesnel.')).toBeVisible();
  await shot(page, 'change-number-taken');
  const corrected = newUser('Wideline').phone;
  await numberField.fill(corrected);
  await page.getByRole('button', { name: 'Voye kòd la' }).click();
  await expect(page.getByText(`Nou voye yon kòd 6 chif sou WhatsApp nan ${corrected}.`)).toBeVisible();
  const code = await proofCode(request, corrected);

  // The code sent to the mistyped number proves nothing now; the new one does.
  if (code !== firstCode) {
    await codeField.fill(firstCode);
    await confirm.click();
    await expect(page.getByText('Kòd la pa kòrèk.')).toBeVisible();
  }
  await codeField.fill(code);
  await confirm.click();
  await expect(page).toHaveURL('/home');
  await expect(page.getByText('Telefòn ou konfime!')).toBeVisible();

  // Now the account sends money.
  await page.goto('/transfer');
  await expect(page).toHaveURL('/transfer');
  await page.getByLabel(/imèl moun k ap resevwa a/i).fill(payee.email);
  await page.getByRole('button', { name: 'Chèche' }).click();
  await page.getByRole('button', { name: 'Wi, se li' }).click();
  await page.getByLabel('Montan an ₭').fill('5,00');
  await page.getByRole('button', { name: 'Konfime' }).click();
  await page.getByRole('button', { name: 'Antre kòd la' }).click();
  const transfer = await latestMessage(request, corrected, 'transfer_code');
  await page.getByLabel('Kòd WhatsApp la').fill(codeOf(transfer.text));
  await page.getByRole('button', { name: 'Verifye' }).click();
  await page.getByRole('link', { name: 'Retounen lakay' }).click();
  await expect(page.getByTestId('balance')).toHaveText('₭ 95,00');
});

test('an account whose phone is not proven is led to the code screen from the money screens, and can ask for the code again', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { user: newUser('Dieula'), phoneProven: false });
  await signIn(page, user);
  await expect(page).toHaveURL('/verify-phone');
  const first = await proofCode(request, user.phone);

  for (const path of ['/home', '/transfer', '/referrals']) {
    await page.goto(path);
    await expect(page).toHaveURL('/verify-phone');
  }
  // A reload keeps the code that waits: no new one is sent.
  await expect(page.getByText('Ou gen 3 esè ki rete.')).toBeVisible();
  expect(await proofCode(request, user.phone)).toBe(first);

  await page.getByRole('button', { name: 'Voye kòd la ankò' }).click();
  await expect(page.getByText(`Nou voye yon nouvo kòd nan ${user.phone}.`)).toBeVisible();
  const second = await proofCode(request, user.phone, first);
  await page.getByLabel('Kòd 6 chif').fill(second);
  await page.getByRole('button', { name: 'Konfime', exact: true }).click();
  await expect(page).toHaveURL('/home');
  await page.goto('/referrals');
  await expect(page).toHaveURL('/referrals');
});
