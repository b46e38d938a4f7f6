import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { bearerHeaders, createUser, latestMessage, logIn, newUser, payThroughApi } from './support/accounts';
import { axeViolations } from './support/axe';
import { signInToBackOffice } from './support/operators';

// Reaching support at 360 px: support freezes an account (the person is told why on WhatsApp),
// the person sees it on home and on the transfer screen before typing anything, follows the
// banner to Sipò, sends a help request about it; support answers in the back office, and the
// person reads the answer on WhatsApp and on the screen.

const SHOTS = '/tmp/shots';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  // From the top: a full-page picture of a scrolled page draws the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled', fullPage: true });
}

test('a frozen person finds support from the banner, asks for help, and reads support’s answer', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const person = await createUser(request, { user: newUser('Lamèsi') });
  const friend = await createUser(request, { user: newUser('Dyesel') });
  await payThroughApi(request, person, friend, 1_500);
  await logIn(page, person);

  // Support freezes the account with a category; the person hears it on WhatsApp.
  const desk = await browser.newPage({ viewport: { width: 360, height: 780 } });
  await signInToBackOffice(desk, 'helpdesk');
  await desk.goto(`/admin/users?q=${encodeURIComponent(person.email)}`);
  await desk.getByTestId('user-results').getByRole('link', { name: person.fullName }).click();
  const freeze = desk.getByTestId('freeze-card');
  await freeze.getByLabel(/Kategori/).selectOption({ label: 'Sispèk fwod' });
  await freeze.getByLabel('Rezon').fill('Twòp tantativ konekte diferan');
  await freeze.getByRole('button', { name: 'Jele kont lan' }).click();
  await expect(freeze).toContainText('Kategori: Sispèk fwod');
  const notice = await latestMessage(request, person.phone, 'account_frozen_by_support');
  expect(notice.text).toContain('nou bloke kont ou');
  expect(notice.text).toContain('Rezon: nou wè aktivite ki sanble fwod sou kont lan.');
  expect(notice.text).not.toContain('Twòp tantativ');

  // Home says so at once: the banner, the locked "Voye", support as the way forward.
  await page.goto('/home');
  const banner = page.getByTestId('frozen-banner');
  await expect(banner).toContainText('Kont ou bloke');
  await expect(page.getByRole('link', { name: 'Voye Kont ou bloke' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nouvo peman' })).toHaveCount(0);
  await shot(page, 'home-frozen-360');

  // The transfer screen says it before any payee or amount is typed.
  await page.getByRole('link', { name: 'Voye Kont ou bloke' }).click();
  await expect(page).toHaveURL('/transfer');
  await expect(page.getByTestId('frozen-notice')).toContainText('Kont ou bloke');
  await expect(page.getByLabel('Telefòn oswa imèl moun k ap resevwa a')).toHaveCount(0);
  await expect(page.getByLabel('Montan an ₭')).toHaveCount(0);
  await shot(page, 'transfer-frozen-360');

  // From the banner to Sipò, opened on "my account is frozen".
  await page.goto('/home');
  await banner.getByRole('link', { name: 'Kontakte sipò' }).click();
  await expect(page).toHaveURL('/support?assunto=conta_congelada');
  await expect(page.getByRole('heading', { name: 'Sipò', level: 1 })).toBeVisible();
  const channels = page.getByTestId('support-channels');
  await expect(channels.getByRole('link', { name: /Ekri sou WhatsApp/ })).toHaveAttribute(
    'href',
    'https://wa.me/50937000000',
  );
  await expect(channels.getByRole('link', { name: /Ekri yon imèl/ })).toHaveAttribute(
    'href',
    'mailto:sipo@kreyolcash.ht',
  );
  await expect(channels).toContainText('Lendi rive vandredi');
  await expect(channels).toContainText('08:00 – 17:00');
  await expect(page.getByLabel('Sou kisa?')).toHaveValue('conta_congelada');
  await expect(page.getByText('Ou poko voye okenn demann.')).toBeVisible();

  // An empty text says so in the field and sends nothing.
  await page.getByRole('button', { name: 'Voye demann lan' }).click();
  await expect(page.getByText('Ekri sa k ap pase.')).toBeVisible();
  await page
    .getByLabel('Eksplike sa k ap pase')
    .fill('Mwen pa t fè anyen ki pa bon. Tanpri debloke kont mwen, mwen bezwen peye lekòl pitit mwen.');
  await page.getByRole('button', { name: 'Voye demann lan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Nou resevwa demann ou.' })).toBeVisible();
  const mine = page.getByTestId('help-requests');
  await expect(mine).toContainText('Kont mwen bloke');
  await expect(mine).toContainText('Ap tann repons');
  await shot(page, 'support-360');
  expect(await axeViolations(page)).toEqual([]);

  // Support finds it in the queue and answers.
  await desk.goto('/admin/support');
  const row = desk.getByTestId('support-queue-row').filter({ hasText: person.fullName });
  await expect(row).toContainText('Kont bloke');
  await row.click();
  await expect(desk.getByTestId('help-request')).toContainText('peye lekòl pitit mwen');
  const answer = 'Nou pral rele w demen maten pou nou verifye idantite w, epi n ap debloke kont lan.';
  await desk.getByLabel(/Repons ou/).fill(answer);
  await desk.getByRole('button', { name: 'Voye repons lan' }).click();
  await expect(desk.getByRole('status').filter({ hasText: 'Repons lan pati.' })).toBeVisible();
  await shot(desk, 'admin-support-answer-360');

  // The person reads it on WhatsApp, in Creole, and on the screen.
  const whatsapp = await latestMessage(request, person.phone, 'support_answer');
  expect(whatsapp.text).toContain('sipò a reponn demann èd ou a');
  expect(whatsapp.text).toContain(answer);
  await page.reload();
  await expect(mine).toContainText('Sipò reponn');
  await expect(page.getByTestId('help-answer')).toContainText(answer);
  await shot(page, 'support-answered-360');
  await desk.close();
});

test('the profile leads to Sipò, and a person who is not frozen sees the channels and an empty list', async ({
  page,
  request,
}) => {
  const person = await createUser(request, { user: newUser('Wilda') });
  await logIn(page, person);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Sipò' }).click();
  await expect(page).toHaveURL('/support');
  await expect(page.getByTestId('support-channels')).toBeVisible();
  await expect(page.getByLabel('Sou kisa?')).toHaveValue('');
  await expect(page.getByText('Ou poko voye okenn demann.')).toBeVisible();
  // Her sign-up bonus is named for what it is, not by her own name as if she had paid herself.
  await page.getByLabel('Sou kisa?').selectOption('movimentacao');
  const movement = page.getByLabel('Ki tranzaksyon?');
  await expect(movement.locator('option', { hasText: 'Bonis enskripsyon' })).toHaveCount(1);
  await expect(movement.locator('option', { hasText: 'Wilda' })).toHaveCount(0);
  // Home keeps its payment button and its plain "Voye".
  await page.goto('/home');
  await expect(page.getByTestId('frozen-banner')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Nouvo peman' })).toBeVisible();
});

test('support reads a long queue a page at a time, each request once, oldest first', async ({
  page,
  request,
}) => {
  const person = await createUser(request, { user: newUser('Nadèj') });
  const headers = await bearerHeaders(request, person);
  const tag = randomUUID().slice(0, 8);
  const texts = [`Premye demann mwen an (${tag})`, `Dezyèm demann mwen an (${tag})`];
  for (const texto of texts) {
    const sent = await request.post('/api/support/requests', { headers, data: { assunto: 'outro', texto } });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  // Pages of one request, where the screen asks for 50: the server's real pages and cursors,
  // without writing 51 requests into the suite's shared queue.
  await page.route('**/api/admin/support/requests?*', (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('limit', '1');
    return route.continue({ url: url.toString() });
  });
  await signInToBackOffice(page, 'queues');
  await page.goto('/admin/support');
  const rows = page.getByTestId('support-queue-row');
  await expect(rows).toHaveCount(1);
  const count = Number(
    /^(\d+) demann/.exec((await page.getByTestId('queue-count').textContent()) ?? '')?.[1],
  );
  expect(count).toBeGreaterThanOrEqual(2);
  const more = page.getByRole('button', { name: 'Montre plis' });
  await shot(page, 'admin-support-queue-more-360');
  expect(await axeViolations(page)).toEqual([]);
  // One more row a click, until the last page. Other journeys add requests (after hers) and answer
  // theirs meanwhile: a last page can then come back empty, and the button goes instead.
  for (let clicks = 0; await more.isVisible(); clicks += 1) {
    expect(clicks).toBeLessThan(count + 10);
    const before = await rows.count();
    await more.click();
    await expect
      .poll(async () => (await rows.count()) === before + 1 || !(await more.isVisible()))
      .toBe(true);
  }
  const links = await rows.evaluateAll((all) => all.map((a) => a.getAttribute('href')));
  expect(new Set(links).size).toBe(links.length);
  // Hers, in the order she sent them (other journeys may add theirs meanwhile).
  const mine = rows.filter({ hasText: tag });
  await expect(mine).toHaveCount(2);
  await expect(mine.nth(0)).toContainText(texts[0] as string);
  await expect(mine.nth(1)).toContainText(texts[1] as string);
});
