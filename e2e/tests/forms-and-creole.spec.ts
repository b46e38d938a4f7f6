import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, type TestInfo, test } from '@playwright/test';
import { createUser, documentPhoto, logIn, newUser, profilePhoto, type TestUser } from './support/accounts';

// The forms say what is wrong where it is wrong (and once), the settings keep
// the language, a refused photo leaves the list, the invited sign-up names the inviter, and the
// Creole app is Creole on the screens that were Portuguese — at 360 px, in Chromium.

const toasts = (page: Page) => page.locator('[data-sonner-toast]');
const shots = '/tmp/kc/shots/forms-creole';

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync(shots, { recursive: true });
  const path = testInfo.outputPath(`${name}-360.png`);
  await page.screenshot({ path, animations: 'disabled' });
  await page.screenshot({ path: `${shots}/${name}-360.png`, animations: 'disabled' });
  await testInfo.attach(`${name}-360`, { path, contentType: 'image/png' });
}

async function tokenOf(request: APIRequestContext, user: TestUser): Promise<string> {
  const answer = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

async function findRecipient(page: Page, email: string) {
  await page.getByLabel('Telefòn oswa imèl moun k ap resevwa a').fill(email);
  await page.getByRole('button', { name: 'Chèche' }).click();
}

test('transfer: Confirm stays off for anything but a positive amount; one’s own e-mail is “not to yourself”; a refusal shows once, in the step', async ({
  page,
  request,
}, testInfo) => {
  const payer = await createUser(request, { user: newUser('Rozlò') });
  const payee = await createUser(request, { user: newUser('Janèt') });
  await logIn(page, payer);
  await page.goto('/transfer');

  // One's own address: said in the field, not as "user not found", and no toast repeats it.
  await findRecipient(page, payer.email.toUpperCase());
  await expect(page.getByText('Ou pa ka voye lajan bay tèt ou.')).toBeVisible();
  await expect(page.getByText('Itilizatè a pa jwenn')).toHaveCount(0);
  await expect(toasts(page).getByText('Ou pa ka voye lajan bay tèt ou.')).toHaveCount(0);
  await expect(page.getByTestId('recipient-card')).toHaveCount(0);

  // The same failure twice is one refusal, in the step, and no toast covers the screen.
  const nobody = `nobody.${Date.now()}@example.com`;
  const refusal = page.getByTestId('step-refusal');
  await findRecipient(page, nobody);
  await expect(refusal.getByText('Itilizatè a pa jwenn')).toBeVisible();
  await page.getByRole('button', { name: 'Chèche' }).click();
  await expect(page.getByRole('button', { name: 'Chèche' })).toBeEnabled();
  await expect(refusal).toHaveCount(1);
  await expect(refusal.getByText('Itilizatè a pa jwenn')).toBeVisible();
  await expect(toasts(page)).toHaveCount(0);
  await screenshot(page, testInfo, 'refusal-in-step');

  await findRecipient(page, payee.email);
  await page.getByRole('button', { name: 'Wi, se li' }).click();
  const amount = page.getByLabel('Montan an ₭');
  const confirm = page.getByRole('button', { name: 'Konfime' });
  for (const typed of ['-5', 'abc', '0', '0,00', '', '   ', '12,505']) {
    await amount.fill(typed);
    await expect(confirm, `“${typed}”`).toBeDisabled();
  }
  await amount.fill('-5');
  await amount.blur();
  await expect(
    page.getByText(
      'Antre yon montan ki pi gwo pase zewo, ak 2 chif apre vigil la pou pi plis. Egzanp: 12,50',
    ),
  ).toBeVisible();
  await expect(toasts(page)).toHaveCount(0, { timeout: 10_000 });
  await screenshot(page, testInfo, 'transfer-amount-bad');

  await amount.fill('12,50');
  await expect(confirm).toBeEnabled();
  await expect(
    page.getByText(
      'Antre yon montan ki pi gwo pase zewo, ak 2 chif apre vigil la pou pi plis. Egzanp: 12,50',
    ),
  ).toHaveCount(0);
});

test('purchase: a quantity above the stock or below 1 is corrected with a message before any code is sent', async ({
  page,
  request,
}, testInfo) => {
  const seller = await createUser(request, { user: newUser('Sèlavi') });
  const buyer = await createUser(request, { user: newUser('Anayiz') });
  const headers = { authorization: `Bearer ${await tokenOf(request, seller)}` };
  const created = await request.post('/api/companies', {
    headers,
    data: { nome: `Kay Sèlavi ${Date.now().toString(36)}`, descricao: 'Manje lakay', categoria: 'bakery' },
  });
  expect(created.status()).toBe(201);
  const company = (await created.json()) as { id: string };
  const product = await request.post(`/api/companies/${company.id}/products`, {
    headers,
    data: { nome: 'Pen patat', descricao: 'Fèt maten an', categoria: 'food', preco_centis: 5_00, estoque: 3 },
  });
  expect(product.status()).toBe(201);
  const productId = ((await product.json()) as { id: string }).id;

  await logIn(page, buyer);
  await page.goto(`/purchase/${productId}/${company.id}`);
  const quantity = page.getByLabel('Kantite', { exact: true });
  const corrected = page.getByTestId('quantity-corrected');
  await expect(quantity).toHaveValue('1');

  await quantity.fill('4');
  await quantity.blur();
  await expect(quantity).toHaveValue('3');
  await expect(corrected).toHaveText('Ou ka achte 3 pou pi plis: kantite a vin 3.');
  await expect(page.getByTestId('purchase-total')).toHaveText('₭ 15,00');
  await screenshot(page, testInfo, 'purchase-quantity-corrected');

  // Typed and sent at once: corrected and shown, not bought.
  await quantity.fill('0');
  await page.getByRole('button', { name: 'Achte', exact: true }).click();
  await expect(quantity).toHaveValue('1');
  await expect(corrected).toHaveText('Kantite a dwe yon nonb ant 1 ak 3: li vin 1.');
  await expect(page.getByRole('heading', { name: 'Konfime acha a' })).toHaveCount(0);
  const outbox = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(buyer.phone)}&limit=50`);
  const { items } = (await outbox.json()) as { items: { purpose: string }[] };
  expect(items.filter((message) => message.purpose === 'purchase_code')).toEqual([]);

  // Typing again clears the message; a quantity within the stock goes on to the code.
  await quantity.fill('2');
  await expect(corrected).toHaveCount(0);
  await page.getByRole('button', { name: 'Achte', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Konfime acha a' })).toBeVisible();
});

test('settings: the current number says so; the language changes after sign-in and is kept for the account', async ({
  page,
  request,
}, testInfo) => {
  const user = await createUser(request, { user: newUser('Nadèj') });
  await logIn(page, user);
  await page.goto('/settings');

  const phone = page.getByLabel('Telefòn (WhatsApp)');
  await expect(phone).toHaveValue(user.phone);
  await expect(page.getByText('Nouvo nimewo a menm ak ansyen an')).toHaveCount(0);
  await phone.fill(`${user.phone.slice(0, -1)}`);
  await phone.fill(` ${user.phone.slice(0, 4)} ${user.phone.slice(4)}`);
  await expect(page.getByText('Nouvo nimewo a menm ak ansyen an')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Konfime chanjman nimewo a' })).toHaveCount(0);

  const language = page.getByRole('combobox', { name: 'Lang' });
  await expect(language).toHaveValue('ht');
  await language.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'settings-language');
  await language.selectOption('fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible();
  await expect(toasts(page).getByText('Votre langue a été changée.')).toBeVisible();
  const headers = { authorization: `Bearer ${await tokenOf(request, user)}` };
  const me = await request.get('/api/me', { headers });
  expect(((await me.json()) as { idioma: string }).idioma).toBe('fr');

  // The account's WhatsApp messages now come in French: the phone change's code, for one.
  const start = await request.post('/api/me/phone-change', {
    headers,
    data: { novo_telefone: newUser().phone },
  });
  expect(start.status()).toBeLessThan(300);
  const outbox = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(user.phone)}&limit=20`);
  const { items } = (await outbox.json()) as { items: { purpose: string; idioma: string; text: string }[] };
  const code = items.find((message) => message.purpose === 'phone_change_current');
  expect(code?.idioma).toBe('fr');
  expect(code?.text).not.toMatch(/Kòd|kòd/);
});

test('registration: an invitation names the inviter; a refused photo leaves the list; sizes are real', async ({
  page,
  request,
}, testInfo) => {
  const inviter = await createUser(request, { user: newUser('Woslò') });
  const referrals = await request.get('/api/referrals', {
    headers: { authorization: `Bearer ${await tokenOf(request, inviter)}` },
  });
  const { codigo_indicacao: code } = (await referrals.json()) as { codigo_indicacao: string };

  await page.goto('/register?ref=NOBODY99');
  await expect(page.getByRole('heading', { level: 1, name: 'Kreye kont ou' })).toBeVisible();
  await expect(page.getByTestId('invited-by')).toHaveCount(0);

  await page.goto(`/register?ref=${code}`);
  await expect(page.getByTestId('invited-by')).toHaveText('Se Woslò ki envite w sou KreyolCash.');
  await screenshot(page, testInfo, 'register-invited');

  await page.getByLabel('Non konplè').fill('Jak Dorsinvil');
  await page.getByRole('button', { name: 'Kontinye', exact: true }).click();
  await page.getByLabel('NIF').pressSequentially(newUser().nif);
  await page.getByRole('button', { name: 'Kontinye', exact: true }).click();
  await expect(page.getByText('Etap 3/9', { exact: true })).toBeVisible();

  // A "photo" whose bytes are no image: refused, and nothing of it stays in the list.
  const field = page.getByLabel('Foto dokiman');
  await field.setInputFiles({
    name: 'kat-idantite.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('pa yon foto'),
  });
  await expect(page.getByText('Foto a dwe an JPG oswa PNG.')).toBeVisible();
  await expect(page.getByText('kat-idantite.jpg')).toHaveCount(0);
  await expect(page.locator('main img')).toHaveCount(0);
  await screenshot(page, testInfo, 'register-photo-refused');

  await field.setInputFiles(documentPhoto);
  await expect(page.getByText('nif-kat.jpg')).toBeVisible();
  await expect(page.getByText('Foto a dwe an JPG oswa PNG.')).toHaveCount(0);
  await expect(page.getByText(/^0,00027 MB$/)).toBeVisible();
  await expect(page.getByText('0,00 MB')).toHaveCount(0);
});

test('a sign-up in English keeps English for the account: the confirmation e-mail comes in English', async ({
  page,
  request,
}) => {
  test.slow();
  const user = newUser('Edwidj');
  await page.goto('/register');
  await page.getByLabel('Lang').selectOption('en');
  const next = page.getByRole('button', { name: 'Continue', exact: true });
  await page.getByLabel('Full name').fill(user.fullName);
  await next.click();
  await page.getByLabel('NIF').pressSequentially(user.nif);
  await next.click();
  await page.getByLabel('Document photo').setInputFiles(documentPhoto);
  await next.click();
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Phone (WhatsApp)').fill(user.phone);
  await next.click();
  await page.getByLabel('Birth date').fill(user.birthDate);
  await next.click();
  await page.getByRole('radio', { name: 'Female' }).check();
  await next.click();
  await page.getByLabel('Profile photo').setInputFiles(profilePhoto);
  await next.click();
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await next.click();
  await page.getByLabel('Confirm the password').fill(user.password);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL('/email-confirmation');

  let idioma: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(user.email)}&limit=5`);
      const { items } = (await answer.json()) as { items: { purpose: string; idioma: string }[] };
      idioma = items.find((message) => message.purpose === 'email_confirmation')?.idioma;
      return idioma;
    })
    .toBe('en');
});

test('the password pages are Creole in the Creole app, Portuguese in Portuguese', async ({
  page,
}, testInfo) => {
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Ou bliye modpas ou?' })).toBeVisible();
  await page.getByRole('button', { name: 'Voye lyen an' }).click();
  await expect(page.getByText('Imèl la obligatwa.')).toBeVisible();
  await expect(page.locator('main')).not.toContainText(/senha|Email é|Enviar/);
  await expect(page.locator('main')).not.toHaveAttribute('lang', /./);
  await screenshot(page, testInfo, 'forgot-password-creole');

  await page.goto('/reset-password#access_token=a&refresh_token=b&type=recovery');
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvo Modpas' })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(/senha|Redefinir/);

  await page.getByLabel('Lang').selectOption('pt-BR');
  await expect(page.getByRole('heading', { level: 1, name: 'Nova Senha' })).toBeVisible();
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByText('Nova senha é obrigatória')).toBeVisible();
});
