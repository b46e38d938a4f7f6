import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { bearerHeaders, createUser, latestMessage, logIn, newUser, type TestUser } from './support/accounts';

// A user who lost their phone freezes their account from settings, and the transfer screen
// then says so before anything is typed; a frozen account's screens that would act in its name
// (invitations, a business, its name and photo) say why they are closed; the "Limit" screen shows
// the level, the limits and what the day's and month's payments used. No operator is needed.

const SHOTS = process.env.KC_SHOTS_DIR ?? '/tmp/kc/shots/freeze-and-limits';

async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 360, height: 780 });
}

const provenUser = (request: APIRequestContext, firstName: string): Promise<TestUser> =>
  createUser(request, { user: newUser(firstName) });

/** The transfer wizard up to the amount: the payee found by e-mail and confirmed. */
async function startTransferTo(page: Page, payee: TestUser, amount: string) {
  await page.goto('/transfer');
  await page.getByLabel('Telefòn oswa imèl moun k ap resevwa a').fill(payee.email);
  await page.getByRole('button', { name: 'Chèche' }).click();
  await expect(page.getByTestId('recipient-card')).toContainText(payee.fullName);
  await page.getByRole('button', { name: 'Wi, se li' }).click();
  await page.getByLabel('Montan an ₭').fill(amount);
  await page.getByRole('button', { name: 'Konfime' }).click();
}

test('a user freezes their account from settings, and the transfer screen then says so', async ({
  page,
  request,
}) => {
  test.slow();
  const payer = await provenUser(request, 'Rozlò');
  await logIn(page, payer);

  await page.goto('/settings');
  const card = page.getByRole('heading', { name: 'Mwen pèdi telefòn mwen' });
  await expect(card).toBeVisible();
  await page.getByRole('button', { name: 'Bloke kont mwen' }).click();
  // One confirmation, and "no" changes nothing.
  await expect(page.getByText('Bloke kont ou kounye a?')).toBeVisible();
  await expect(
    page.getByText('tout lòt aparèy ki konekte sou kont ou ap dekonekte', { exact: false }),
  ).toBeVisible();
  await shots(page, 'settings-confirm');
  await page.getByRole('button', { name: 'Wi, bloke l' }).click();
  await expect(
    page.getByText('Kont ou bloke. Pou debloke l, kontakte sipò KreyolCash: y ap verifye idantite w.'),
  ).toBeVisible();
  // Whoever holds the lost phone cannot move the account's WhatsApp to another number.
  await expect(page.getByLabel('Telefòn (WhatsApp)')).toBeDisabled();
  await expect(
    page.getByText('Ou pa ka chanje nimewo a pandan kont ou bloke.', { exact: false }),
  ).toBeVisible();
  await shots(page, 'settings-frozen');

  // Home says so first; the account is still there to see.
  await page.goto('/home');
  await expect(page.getByTestId('frozen-banner')).toContainText('Kont ou bloke');
  await expect(page.getByText('₭ 100,00').first()).toBeVisible();
  // Nothing can leave it: its free money reads as blocked, not as available.
  await expect(page.getByTestId('balance-parts')).toHaveText('Bloke: ₭ 100,00');
  await shots(page, 'home-frozen');

  // The transfer screen says it before a payee or an amount is typed, and points to support.
  await page.goto('/transfer');
  await expect(page.getByTestId('frozen-notice')).toContainText('Kont ou bloke');
  await expect(page.getByRole('link', { name: 'Kontakte sipò' })).toHaveAttribute(
    'href',
    '/support?assunto=conta_congelada',
  );
  await expect(page.getByLabel('Montan an ₭')).toHaveCount(0);
  await shots(page, 'transfer-refused');
  // Nothing was held and no code was sent.
  const outbox = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(payer.phone)}&limit=50`);
  const { items } = (await outbox.json()) as { items: { purpose: string }[] };
  expect(items.filter((m) => m.purpose === 'transfer_code')).toHaveLength(0);
  const login = await request.post('/api/auth/login', {
    data: { email: payer.email, password: payer.password },
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const wallet = await request.get('/api/wallet', { headers: { authorization: `Bearer ${access_token}` } });
  expect(await wallet.json()).toEqual({
    saldo_centis: 10_000,
    reservado_centis: 0,
    disponivel_centis: 10_000,
  });
});

/** Freezes the account through the API, as its owner's "I lost my phone" does. */
async function freezeThroughApi(request: APIRequestContext, headers: Record<string, string>) {
  const frozen = await request.post('/api/me/freeze', { headers });
  expect(frozen.status(), await frozen.text()).toBe(200);
}

test('a frozen account invites no one, adds nothing to its business and keeps its name and photo', async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await provenUser(request, 'Wozana');
  const headers = await bearerHeaders(request, owner);
  const created = await request.post('/api/companies', {
    headers,
    data: { nome: 'Boulanjri Wozana', descricao: 'Pen cho chak maten', categoria: 'bakery' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const company = (await created.json()) as { id: string };
  await freezeThroughApi(request, headers);
  await logIn(page, owner);

  // The name and photo payers see stay as they are, and the screen says why.
  await page.goto('/settings');
  await expect(page.getByLabel('Non konplè')).toBeDisabled();
  await expect(
    page.getByText('Ou pa ka chanje non an pandan kont ou bloke.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('Ou pa ka chanje foto a pandan kont ou bloke.')).toBeVisible();
  await expect(page.getByLabel('Chanje foto pwofil la')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Anrejistre non an' })).toHaveCount(0);

  // An invitation goes out in the person's name: the form and the link to share give way to the reason.
  await page.goto('/referrals');
  await expect(page.getByTestId('frozen-notice')).toContainText('Ou pa ka envite zanmi pandan kont ou bloke');
  await expect(page.getByRole('link', { name: 'Kontakte sipò' })).toHaveAttribute(
    'href',
    '/support?assunto=conta_congelada',
  );
  await expect(page.getByRole('button', { name: 'Voye envitasyon an' })).toHaveCount(0);
  await expect(page.getByText('Lyen envitasyon ou')).toHaveCount(0);
  await shots(page, 'referrals-frozen');

  await page.goto(`/create-service/${company.id}`);
  await expect(page.getByTestId('frozen-notice')).toContainText('Ou pa ka ajoute sèvis pandan kont ou bloke');
  await expect(page.getByLabel('Non sèvis la')).toHaveCount(0);
  await shots(page, 'create-service-frozen');
});

test('a frozen account opens no business', async ({ page, request }) => {
  const person = await provenUser(request, 'Jera');
  await freezeThroughApi(request, await bearerHeaders(request, person));
  await logIn(page, person);

  await page.goto('/create-company');
  await expect(page.getByTestId('frozen-notice')).toContainText(
    'Ou pa ka kreye yon konpani pandan kont ou bloke',
  );
  await expect(page.getByLabel('Non konpani an')).toHaveCount(0);
  await shots(page, 'create-company-frozen');
});

test('the limits screen shows the level, the limits and what today’s payment used', async ({
  page,
  request,
}) => {
  test.slow();
  const payer = await provenUser(request, 'Kalis');
  const payee = await provenUser(request, 'Womèl');
  await logIn(page, payer);

  await startTransferTo(page, payee, '12,50');
  await page.getByRole('button', { name: 'Antre kòd la' }).click();
  const message = await latestMessage(request, payer.phone, 'transfer_code');
  const code = /\*(\d{6})\*/.exec(message.text)?.[1] ?? '';
  await page.getByLabel('Kòd WhatsApp la').fill(code);
  await page.getByRole('button', { name: 'Verifye' }).click();
  await expect(page.getByRole('heading', { name: 'Transfè a fèt!' })).toBeVisible();

  await page.goto('/home');
  await page.getByRole('link', { name: 'Limit mwen yo' }).click();
  await expect(page).toHaveURL('/limits');
  await expect(page.getByTestId('limits-level')).toHaveText('Nivo 1');
  await expect(page.getByText('Telefòn konfime')).toBeVisible();
  const usage = page.getByTestId('limits-usage');
  await expect(usage.nth(0)).toContainText('₭ 12,50 sou ₭ 500,00');
  await expect(usage.nth(1)).toContainText('₭ 12,50 sou ₭ 1.000,00');
  await expect(usage.nth(2)).toContainText('₭ 87,50 sou ₭ 1.000,00');
  await expect(page.getByRole('progressbar', { name: 'Jodi a' })).toHaveAttribute('aria-valuenow', '1250');
  // How to move up: level 2 is the document review, and the sign-up's photo is waiting for it,
  // so the screen says so instead of asking for the document again.
  await expect(page.getByTestId('limits-document-pending')).toContainText('Ou pa bezwen voye l ankò.');
  await expect(page.getByRole('link', { name: 'Verifye idantite m' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Wè kote l ye' })).toHaveAttribute('href', '/identity');
  await shots(page, 'limits');
});
