import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  codeOf,
  createUser,
  latestMessage,
  logIn,
  newUser,
  payThroughApi,
  type TestUser,
} from './support/accounts';
import { axeViolations } from './support/axe';
import { signInToBackOffice } from './support/operators';

// What a person reads at 360 px: a refusal stays in its step until they act, a toast never covers
// a step's title and can be read and closed, names and times are never cut, and each state says
// what it is (a payment being checked, a document waiting for review).

const SHOTS = '/tmp/shots';
const toasts = (page: Page) => page.locator('[data-sonner-toast]');
const refusal = (page: Page) => page.getByTestId('step-refusal');

async function shot(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled', fullPage });
}

async function accessToken(request: APIRequestContext, user: TestUser): Promise<string> {
  const answer = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

async function findRecipient(page: Page, who: string) {
  await page.getByLabel('Telefòn oswa imèl moun k ap resevwa a').fill(who);
  await page.getByRole('button', { name: 'Chèche' }).click();
}

/** WCAG's contrast ratio of an element's text on the toast's background, measured in the page. */
async function contrastIn(element: Locator, background: Locator): Promise<number> {
  const [fore, back] = [
    await element.evaluate((text) => getComputedStyle(text).color),
    await background.evaluate((toast) => getComputedStyle(toast).backgroundColor),
  ];
  const luminance = (color: string) => {
    const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((value) => {
      const c = Number(value) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [luminance(fore), luminance(back)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** A toast can be read (≥ 4.5:1), closed (≥ 44 × 44) and leaves the title and back arrow in sight. */
async function expectReadableToast(toast: Locator, covered: Locator[]) {
  // Where the toast comes to rest: it slides in for a moment first.
  await expect
    .poll(async () => {
      const box = await toast.boundingBox();
      const boxes = await Promise.all(covered.map((element) => element.boundingBox()));
      return Boolean(box) && boxes.every((other) => other && box && !overlaps(box, other));
    })
    .toBe(true);
  for (const text of await toast.locator('[data-title], [data-description]').all()) {
    expect(await contrastIn(text, toast)).toBeGreaterThanOrEqual(4.5);
  }
  const close = toast.locator('[data-close-button]');
  const closeBox = await close.boundingBox();
  expect(closeBox?.width).toBeGreaterThanOrEqual(44);
  expect(closeBox?.height).toBeGreaterThanOrEqual(44);
  await close.click();
  await expect(toast).toHaveCount(0);
}

test('a refused transfer says why in its step until the payer acts; a toast covers no title, reads at 4.5:1 and closes with a 44 px button', async ({
  page,
  request,
}) => {
  test.slow();
  const payer = await createUser(request, { user: newUser('Rozali') });
  const payee = await createUser(request, { user: newUser('Franswa') });
  await page.clock.install();
  await logIn(page, payer);
  await page.goto('/transfer');

  // Nobody has this address: said in the step, with its own title, and still there long after a
  // toast would have gone.
  await findRecipient(page, `pesonn.${Date.now()}@example.com`);
  await expect(refusal(page)).toContainText('Itilizatè a pa jwenn');
  await expect(refusal(page)).toContainText('Pa gen okenn kont KreyolCash ak imèl sa a oswa nimewo sa a.');
  await expect(toasts(page)).toHaveCount(0);
  await page.clock.fastForward('00:30');
  await expect(refusal(page)).toBeVisible();
  // Typing again is acting on it: it goes.
  await page.getByLabel('Telefòn oswa imèl moun k ap resevwa a').fill(payee.email);
  await expect(refusal(page)).toHaveCount(0);

  // More than is available (₭100 from the sign-up bonus): refused in the amount step.
  await page.getByRole('button', { name: 'Chèche' }).click();
  await page.getByRole('button', { name: 'Wi, se li' }).click();
  await payThroughApi(request, payer, payee, 9_000);
  await page.reload();
  await findRecipient(page, payee.email);
  await page.getByRole('button', { name: 'Wi, se li' }).click();
  await expect(page.getByTestId('available-balance')).toContainText('₭ 10,00');
  await page.getByLabel('Montan an ₭').fill('50');
  await page.getByRole('button', { name: 'Konfime' }).click();
  await expect(refusal(page)).toHaveText('Balans ou pa ase pou fè transfè sa a.');
  await expect(page.getByRole('heading', { name: 'Konbyen ou ap voye?' })).toBeVisible();
  await page.clock.fastForward('00:30');
  await expect(refusal(page)).toBeVisible();
  await expect(toasts(page)).toHaveCount(0);
  await shot(page, 'transfer-refusal-in-step');
  await page.getByLabel('Montan an ₭').fill('5');
  await expect(refusal(page)).toHaveCount(0);

  // A wrong code: said above the button, and the field is empty for the next try.
  await page.getByRole('button', { name: 'Konfime' }).click();
  await page.getByRole('button', { name: 'Antre kòd la' }).click();
  const message = await latestMessage(request, payer.phone, 'transfer_code');
  const right = /\*(\d{6})\*/.exec(message.text)?.[1] ?? '';
  await page.getByLabel('Kòd WhatsApp la').fill(right === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verifye' }).click();
  await expect(refusal(page)).toHaveText('Kòd la pa kòrèk. Tantativ ki rete: 2.');
  await expect(page.getByLabel('Kòd WhatsApp la')).toHaveValue('');
  await page.clock.fastForward('00:31');
  await expect(refusal(page)).toBeVisible();

  // A new code (the resend's wait is over): its toast leaves the step's title and the back arrow
  // in sight, reads at 4.5:1 and closes with a 44 × 44 px button. The refusal of the old code goes.
  await page.getByRole('button', { name: 'Voye kòd la ankò' }).click();
  const toast = toasts(page).filter({ hasText: 'Nouvo kòd voye!' });
  await expect(toast).toBeVisible();
  await expect(refusal(page)).toHaveCount(0);
  await expectReadableToast(toast, [
    page.getByRole('heading', { name: 'Antre kòd 6 chif la' }),
    page.locator('header').getByRole('button', { name: 'Retounen', exact: true }),
    page.locator('header h1'),
  ]);

  // An error toast (a movement that does not exist) reads at 4.5:1 too.
  await page.goto(`/transaction/${crypto.randomUUID()}`);
  const error = toasts(page).filter({ hasText: 'Nou pa jwenn tranzaksyon sa a.' });
  await expect(error).toBeVisible();
  await expectReadableToast(error, [page.locator('header h1')]);
});

test('a refused phone change says why in its step until the person acts, and a change that ended says it where they start again', async ({
  page,
  request,
}) => {
  test.slow();
  const holder = await createUser(request, { user: newUser('Woodly') });
  const user = await createUser(request, { user: newUser('Nèlsi') });
  await page.clock.install();
  await logIn(page, user);
  await page.goto('/settings');
  const phone = page.getByLabel('Telefòn (WhatsApp)');
  const newNumberForm = page.locator('form').filter({ has: phone });
  const confirm = page.getByRole('button', { name: 'Konfime chanjman nimewo a' });

  // A number someone uses: said in the new-number step, naming them, long after a toast would go.
  await phone.fill(holder.phone);
  await confirm.click();
  await expect(newNumberForm.getByTestId('step-refusal')).toHaveText('Nimewo sa a deja itilize pa Woodly');
  await expect(toasts(page)).toHaveCount(0);
  await page.clock.fastForward('00:30');
  await expect(refusal(page)).toBeVisible();
  await phone.fill(newUser().phone);
  await expect(refusal(page)).toHaveCount(0);

  // A wrong code: said in the code's step, above its buttons, and the field is empty again.
  await confirm.click();
  const step = page.getByRole('region', { name: 'Konfime se ou menm' });
  const code = step.getByLabel('Kòd 6 chif');
  const right = codeOf((await latestMessage(request, user.phone, 'phone_change_current')).text);
  const wrong = right === '000000' ? '111111' : '000000';
  const tryCode = async () => {
    await code.fill(wrong);
    await step.getByRole('button', { name: 'Kontinye' }).click();
  };
  await tryCode();
  await expect(step.getByTestId('step-refusal')).toHaveText('Kòd la pa kòrèk. Tantativ ki rete: 2.');
  await expect(code).toHaveValue('');
  await page.clock.fastForward('00:30');
  await expect(step.getByTestId('step-refusal')).toBeVisible();
  await expect(toasts(page)).toHaveCount(0);
  await shot(page, 'phone-change-refusal-in-step', { fullPage: false });
  await code.fill('1');
  await expect(refusal(page)).toHaveCount(0);

  // The last try ends the change: its step goes, and the new-number form, where the person starts
  // again, says why until they type.
  await tryCode();
  await expect(step.getByTestId('step-refusal')).toHaveText('Kòd la pa kòrèk. Tantativ ki rete: 1.');
  await tryCode();
  await expect(step).toHaveCount(0);
  await expect(phone).toBeEnabled();
  await expect(newNumberForm.getByTestId('step-refusal')).toHaveText(
    'Twòp kòd ki pa kòrèk: chanjman an anile. Kòmanse ankò.',
  );
  await page.clock.fastForward('00:30');
  await expect(refusal(page)).toBeVisible();
  await expect(toasts(page)).toHaveCount(0);
  await phone.fill(newUser().phone);
  await expect(refusal(page)).toHaveCount(0);
});

test('a refused “wrong person” report says why in its form until the payer acts', async ({
  page,
  request,
}) => {
  const payer = await createUser(request, { user: newUser('Mirlann') });
  const payee = await createUser(request, { user: newUser('Jozèf') });
  const movements: string[] = [];
  for (let i = 0; i < 4; i += 1) movements.push(await payThroughApi(request, payer, payee, 500));
  // Three reports wait for a decision already: a payer may have no more open at once.
  const token = await accessToken(request, payer);
  for (const movementId of movements.slice(0, 3)) {
    const reported = await request.post(`/api/transfers/${movementId}/report`, {
      headers: { authorization: `Bearer ${token}` },
      data: {},
    });
    expect(reported.status(), await reported.text()).toBe(201);
  }
  await page.clock.install();
  await logIn(page, payer);
  await page.goto(`/transaction/${movements[3]}`);
  await page.getByRole('button', { name: 'Mwen voye l bay move moun' }).click();
  const form = page.getByTestId('report-form');
  await form.getByRole('button', { name: 'Wi, voye rapò a' }).click();

  await expect(form.getByTestId('step-refusal')).toHaveText(
    'Ou deja gen 3 rapò k ap tann desizyon. Tann yo fini anvan ou fè yon lòt.',
  );
  await expect(toasts(page)).toHaveCount(0);
  await page.clock.fastForward('00:30');
  await expect(form.getByTestId('step-refusal')).toBeVisible();
  await shot(page, 'report-refusal-in-form', { fullPage: false });
  // Writing what happened is acting on it: it goes, and the form stays.
  await form.getByLabel('Sa k te pase? (pa obligatwa)').fill('Mwen tape move imèl');
  await expect(refusal(page)).toHaveCount(0);
  await expect(form).toBeVisible();
});

test('a long name and its time show whole in the lists at 360 px', async ({ page, request }) => {
  const payer = await createUser(request, { user: newUser('Woz') });
  const longName = newUser('Mari-Klemantin');
  longName.fullName = 'Mari-Klemantin Jozefa Dorsainvil Senfle Jean-Baptiste';
  const payee = await createUser(request, { user: longName });
  await payThroughApi(request, payer, payee, 1_250);
  await logIn(page, payer);

  for (const path of ['/home', '/statement']) {
    await page.goto(path);
    const row = page.getByRole('link', { name: /Mari-Klemantin/ }).first();
    const title = row.getByTestId('row-title');
    await expect(title).toHaveText(longName.fullName);
    await expect(row.getByTestId('row-details')).toHaveText(/Ou voye · \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await expect(row.getByTestId('row-amount')).toHaveText('-₭ 12,50');
    for (const part of [title, row.getByTestId('row-details')]) {
      // Nothing hidden: the text fits its box, and no ellipsis is drawn.
      const cut = await part.evaluate(
        (element) =>
          element.scrollWidth > element.clientWidth || getComputedStyle(element).textOverflow === 'ellipsis',
      );
      expect(cut, `${path}: ${await part.textContent()}`).toBe(false);
    }
    // The row stays inside the screen.
    const box = await row.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  }
  await shot(page, 'statement-long-name');
});

test('money held by a report reads “An verifikasyon” on home, in the statement and the detail, not “An atant”', async ({
  page,
  request,
}) => {
  const payer = await createUser(request, { user: newUser('Silvi') });
  const payee = await createUser(request, { user: newUser('Jinyò') });
  const movementId = await payThroughApi(request, payer, payee, 2_000);
  const reported = await request.post(`/api/transfers/${movementId}/report`, {
    headers: { authorization: `Bearer ${await accessToken(request, payer)}` },
    data: { descricao: 'Mwen tape move imèl' },
  });
  expect(reported.status(), await reported.text()).toBe(201);

  await logIn(page, payee);
  await expect(page.getByTestId('balance-parts')).toHaveText(/Disponib: ₭ 100,00\s*An verifikasyon: ₭ 20,00/);
  await expect(page.getByTestId('balance-parts')).not.toContainText('An atant');
  const row = page.getByRole('link', { name: /Silvi/ }).first();
  await expect(row.getByTestId('row-state')).toHaveText('An verifikasyon');

  await page.goto('/statement');
  const statementRow = page.getByRole('link', { name: /Silvi/ }).first();
  await expect(statementRow.getByTestId('row-state')).toHaveText('An verifikasyon');
  await statementRow.click();
  await expect(page.getByTestId('transaction-checking')).toHaveText('An verifikasyon');
  await expect(page.getByTestId('report-card')).toContainText('Verifikasyon peman');
  await expect(page.getByTestId('report-card')).toContainText('₭ 20,00 kenbe pandan verifikasyon an.');
  await shot(page, 'transaction-detail-checking');

  // The payer's own row says it too.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await logIn(page, payer);
  await page.goto('/statement');
  await expect(page.getByRole('link', { name: /Jinyò/ }).first().getByTestId('row-state')).toHaveText(
    'An verifikasyon',
  );
});

test('/limits says a document waits for review instead of asking for it, and passes axe', async ({
  page,
  request,
}) => {
  // Signed up with a document photo: it waits for compliance.
  const user = await createUser(request, { user: newUser('Nadin') });
  await logIn(page, user);
  await page.goto('/limits');
  await expect(page.getByTestId('limits-level')).toHaveText('Nivo 1');
  await expect(page.getByTestId('limits-document-pending')).toContainText(
    'Dokiman ou a ap tann verifikasyon',
  );
  await expect(page.getByRole('link', { name: 'Verifye idantite m' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Wè kote l ye' })).toHaveAttribute('href', '/identity');
  await shot(page, 'limits-document-pending');

  const violations = await axeViolations(page);
  expect(
    violations.map((v) => v.id),
    JSON.stringify(violations, null, 2),
  ).toEqual([]);
});

test('the back office’s menu at 360 px shows that it scrolls, and its controls are 44 px tall', async ({
  page,
}) => {
  await signInToBackOffice(page, 'menu');
  const nav = page.getByTestId('admin-nav');
  const links = nav.getByRole('link');
  expect(await links.count()).toBeGreaterThan(3);
  for (const link of await links.all()) {
    expect((await link.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
  const signOut = page.getByRole('button', { name: /Dekonekte|Se déconnecter/ });
  expect((await signOut.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect((await page.getByRole('combobox').first().boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);

  // More sections than the screen is wide: an arrow at the end says so, none at the start yet.
  await expect(page.getByTestId('admin-nav-more-after')).toBeVisible();
  await expect(page.getByTestId('admin-nav-more-before')).toHaveCount(0);
  await shot(page, 'admin-menu-start');
  await page.getByTestId('admin-nav-more-after').click();
  await expect(page.getByTestId('admin-nav-more-before')).toBeVisible();
  // The last section can be reached.
  await links.last().scrollIntoViewIfNeeded();
  await expect(page.getByTestId('admin-nav-more-after')).toHaveCount(0);
  await shot(page, 'admin-menu-end');

  // Whichever section is opened, its link is seen whole, clear of the fade and arrow on each side.
  const navBox = (await nav.boundingBox()) ?? { x: 0, width: 0 };
  for (const [index, link] of (await links.all()).entries()) {
    await link.dispatchEvent('click');
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(async () => {
      const box = (await link.boundingBox()) ?? { x: 0, width: 0 };
      const before = (await page.getByTestId('admin-nav-more-before').count()) > 0 ? 44 : 0;
      const after = (await page.getByTestId('admin-nav-more-after').count()) > 0 ? 44 : 0;
      expect(box.x).toBeGreaterThanOrEqual(navBox.x + before - 1);
      expect(box.x + box.width).toBeLessThanOrEqual(navBox.x + navBox.width - after + 1);
    }).toPass();
    await shot(page, `admin-menu-section-${index}`, { fullPage: false });
  }
});
