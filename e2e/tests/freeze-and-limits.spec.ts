import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createUser, latestMessage, logIn, newUser, type TestUser } from './support/accounts';

// A user who lost their phone freezes their account from settings, and the transfer screen
// then says so before anything is typed; the "Limit" screen shows the level, the limits and what the
// day's and month's payments used. No operator is needed.

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
