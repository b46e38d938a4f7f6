import { mkdirSync, readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { createUser, newUser, payThroughApi } from './support/accounts';
import { operator, signInToBackOffice } from './support/operators';

// Search and views: an admin finds a person made in this journey by e-mail, reads
// their page and a movement's, looks at the ledger panel and runs the check, then browses the
// audit trail and downloads it as CSV. On a laptop, then at 360 px, where the admin also freezes
// the account with a reason.

const SHOTS = process.env.KC_SHOTS_DIR ?? '/tmp/kc-e/shots';
const LAPTOP = { width: 1280, height: 860 };
const PHONE = { width: 360, height: 780 };

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled', fullPage: true });
}

test('an admin finds a user by e-mail, reads the page and a movement, checks the ledger, exports the audit trail and freezes the account', async ({
  page,
  request,
}) => {
  test.slow();
  const payer = await createUser(request, { user: newUser('Lovelie') });
  const payee = await createUser(request, { user: newUser('Fritznel') });
  await payThroughApi(request, payer, payee, 1250);

  await page.setViewportSize(LAPTOP);
  await signInToBackOffice(page, 'admin2');
  await page.getByRole('navigation').getByRole('link', { name: 'Itilizatè' }).click();
  await page.getByLabel('Imèl, telefòn, NIF oswa yon pati nan non an').fill(payer.email.toUpperCase());
  await page.getByRole('button', { name: 'Chèche' }).click();
  const results = page.getByTestId('user-results');
  await expect(results).toContainText(payer.email);
  await shot(page, 'users-search-1280');
  await results.getByRole('link', { name: payer.fullName }).click();

  // The page: the balance after the ₭12,50 sent, the level, the movement, the session.
  await expect(page.getByRole('heading', { name: payer.fullName })).toBeVisible();
  await expect(page.getByTestId('user-money')).toContainText('87,50');
  await expect(page.getByText('Nivo 1')).toBeVisible();
  const movements = page.getByTestId('user-movements');
  await expect(movements).toContainText('Transfè');
  await expect(movements).toContainText(payee.fullName);
  await expect(page.getByTestId('freeze-card')).toContainText('Kont lan pa jele');
  await shot(page, 'user-page-1280');
  const userUrl = page.url();

  await movements.getByRole('row').filter({ hasText: 'Transfè' }).getByRole('link').click();
  await expect(page.getByTestId('movement-amount')).toHaveText('₭12,50');
  const lines = page.getByTestId('ledger-lines');
  await expect(lines).toContainText('−₭12,50');
  await expect(lines).toContainText('₭100,00');
  await expect(lines).toContainText('₭87,50');
  await shot(page, 'movement-1280');
  const movementUrl = page.url();

  // The ledger panel: figures, then the check run now.
  await page.getByRole('navigation').getByRole('link', { name: 'Kont jeneral' }).click();
  await expect(page.getByTestId('ledger-issued')).toContainText('₭');
  await page.getByRole('button', { name: 'Verifye kounye a' }).click();
  await expect(page.getByTestId('check-verdict')).toHaveText('Tout verifikasyon yo pase');
  await shot(page, 'ledger-1280');

  // The audit trail of this person: the admin's own view of the page is there; then the CSV.
  await page.getByRole('navigation').getByRole('link', { name: 'Jounal aksyon' }).click();
  await page.getByLabel('Itilizatè (imèl oswa idantifyan)').fill(payer.email);
  await page.getByRole('button', { name: 'Filtre' }).click();
  const rows = page.getByTestId('audit-rows');
  await expect(rows).toContainText('Gade paj itilizatè a');
  await expect(rows).not.toContainText('user.view');
  await expect(rows).toContainText(payer.fullName);
  await shot(page, 'audit-1280');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Ekspòte CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^kreyolcash-auditoria-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path()) ?? '', 'utf8');
  const [header, ...body] = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  // The header row in the operator's language; the cells as stored.
  expect(header).toContain('"Dat (lè Ayiti)"');
  expect(body.length).toBeGreaterThan(0);
  expect(body.every((line) => line.includes(`"${payer.email}"`))).toBe(true);
  expect(body.some((line) => line.includes('"user.view"'))).toBe(true);

  // This operator's ledger check: what it found in words, not the stored JSON.
  await page.getByLabel('Itilizatè (imèl oswa idantifyan)').fill('');
  await page.getByLabel('Operatè (imèl oswa idantifyan)').fill(operator('admin2').email);
  await page.getByRole('button', { name: 'Filtre' }).click();
  const check = rows.getByRole('row').filter({ hasText: 'Verifye kont jeneral la' }).first();
  await check.getByText('Wè').click();
  await expect(check.getByTestId('audit-change')).toHaveText('Tout bon: WiPwoblèm: 0');
  await expect(check).not.toContainText('"ok"');
  await shot(page, 'audit-change-1280');

  // At 360 px: the same pages, tables as stacked cards.
  await page.setViewportSize(PHONE);
  await shot(page, 'audit-360');
  await page.goto(userUrl);
  await expect(page.getByTestId('user-money')).toContainText('87,50');
  await shot(page, 'user-page-360');

  // An admin may freeze (with a category the person is told, and a reason for the record) but not
  // unfreeze: that is support's, after checking identity.
  const freeze = page.getByTestId('freeze-card');
  await freeze.getByRole('button', { name: 'Jele kont lan' }).click();
  await expect(freeze.getByText('Ekri rezon an.')).toBeVisible();
  await expect(freeze.getByText('Chwazi kategori a.')).toBeVisible();
  await freeze.getByLabel(/Kategori/).selectOption({ label: 'Telefòn pèdi oswa vòlè' });
  await freeze.getByLabel('Rezon').fill('Li rele: yo vòlè telefòn li');
  await freeze.getByRole('button', { name: 'Jele kont lan' }).click();
  await expect(freeze).toContainText('Jele pa ');
  await expect(freeze).toContainText('Rezon: Li rele: yo vòlè telefòn li');
  await expect(freeze).toContainText('Kategori: Telefòn pèdi oswa vòlè');
  await expect(freeze).toContainText('Se sipò sèlman ki ka dejele yon kont.');
  await expect(freeze.getByRole('button')).toHaveCount(0);
  await shot(page, 'user-frozen-360');
  await page.goto(movementUrl);
  await expect(page.getByTestId('movement-amount')).toHaveText('₭12,50');
  await shot(page, 'movement-360');
  await page.goto('/admin/ledger');
  await expect(page.getByTestId('check-verdict')).toBeVisible();
  await shot(page, 'ledger-360');
  await page.goto(`/admin/users?q=${encodeURIComponent(payer.fullName.split(' ')[0] ?? '')}`);
  await expect(page.getByTestId('user-results')).toContainText(payer.email);
  await shot(page, 'users-search-360');
});
