import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Frame, type Page, test } from '@playwright/test';
import { createUser, latestMessage, logIn, newUser, type TestUser } from './support/accounts';

// Money held for a code is always recoverable (resume or cancel, from the detail,
// /transfer and the product's purchase page, and after a reload), and one buyer cannot lock a
// seller's stock — at 360 px, on the real server.

const SHOTS = '/tmp/kc/shots/a1';
const toasts = (page: Page) => page.locator('[data-sonner-toast]');
const held = (page: Page) => page.getByTestId('held-money');

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' });
}

async function tokenOf(request: APIRequestContext, user: TestUser): Promise<string> {
  const answer = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** What a closed tab leaves behind: a transfer started, its money held, its code never entered. */
async function abandonTransfer(request: APIRequestContext, token: string, to: TestUser, centis: number) {
  const answer = await request.post('/api/transfers', {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
    data: { destinatario_email: to.email, quantidade_centis: centis },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { movimentacao_id: string }).movimentacao_id;
}

async function walletOf(request: APIRequestContext, token: string) {
  const answer = await request.get('/api/wallet', { headers: { authorization: `Bearer ${token}` } });
  return (await answer.json()) as { reservado_centis: number; disponivel_centis: number };
}

async function codeIn(request: APIRequestContext, phone: string, purpose: string): Promise<string> {
  const message = await latestMessage(request, phone, purpose);
  const code = /\*(\d{6})\*/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in: ${message.text}`);
  return code;
}

test('a held transfer is resumed from its detail (and survives a reload), or cancelled at once', async ({
  page,
  request,
}) => {
  test.slow();
  const payer = await createUser(request, { user: newUser('Womi') });
  const payee = await createUser(request, { user: newUser('Klodin') });
  const token = await tokenOf(request, payer);
  const first = await abandonTransfer(request, token, payee, 2_750);
  await logIn(page, payer);

  // The detail of the held movement says what is held and offers both ways out.
  await page.goto(`/transaction/${first}`);
  await expect(held(page)).toContainText('Lajan sa a ap tann kòd la');
  await expect(held(page)).toContainText('₭ 27,50 rete kenbe');
  await shot(page, 'detail-pending');
  // Every address the page takes on its way to the code step: each names the held transfer, so a
  // reload at any moment comes back to it.
  const addresses: string[] = [];
  const record = (frame: Frame) => {
    if (frame === page.mainFrame()) addresses.push(new URL(frame.url()).search);
  };
  page.on('framenavigated', record);
  await held(page).getByRole('link', { name: 'Antre kòd la' }).click();
  await expect(page).toHaveURL(`/transfer?movimentacao=${first}`);
  await expect(page.getByRole('heading', { name: 'Antre kòd 6 chif la' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Voye kòd la ankò/ })).toBeVisible();
  page.off('framenavigated', record);
  expect(addresses.filter((search) => search !== `?movimentacao=${first}`)).toEqual([]);

  // A reload on the code step keeps the way back to it.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Antre kòd 6 chif la' })).toBeVisible();
  await shot(page, 'transfer-code-after-reload');
  await page.getByLabel('Kòd WhatsApp la').fill(await codeIn(request, payer.phone, 'transfer_code'));
  await page.getByRole('button', { name: 'Verifye' }).click();
  await expect(page.getByRole('heading', { name: 'Transfè a fèt!' })).toBeVisible();
  await expect(page).toHaveURL('/transfer');

  // Cancel from the detail: the money is free at once.
  const second = await abandonTransfer(request, token, payee, 1_000);
  expect((await walletOf(request, token)).reservado_centis).toBe(1_000);
  await page.goto(`/transaction/${second}`);
  await held(page).getByRole('button', { name: 'Anile l' }).click();
  await expect(toasts(page).getByText('Lajan an lib ankò.')).toBeVisible();
  await expect(held(page)).toHaveCount(0);
  expect((await walletOf(request, token)).reservado_centis).toBe(0);
});

test('/transfer offers a held transfer; back from its code step cancels the hold', async ({
  page,
  request,
}) => {
  test.slow();
  const payer = await createUser(request, { user: newUser('Sonya') });
  const payee = await createUser(request, { user: newUser('Ejen') });
  const token = await tokenOf(request, payer);
  await abandonTransfer(request, token, payee, 1_500);
  await logIn(page, payer);

  await page.goto('/transfer');
  await expect(held(page)).toContainText('Yon transfè ap tann kòd li');
  await expect(held(page)).toContainText(`₭ 15,00 pou ${payee.fullName}`);
  await shot(page, 'transfer-offers-resume');
  await held(page).getByRole('button', { name: 'Antre kòd la' }).click();
  await expect(page.getByRole('heading', { name: 'Antre kòd 6 chif la' })).toBeVisible();

  // Back from the code: the hold is cancelled, the amount step comes back filled in.
  await page.getByRole('button', { name: 'Retounen', exact: true }).click();
  await expect(page.getByLabel('Montan an ₭')).toHaveValue('15,00');
  await expect(page.getByTestId('available-balance')).toHaveText('Balans disponib: ₭ 100,00');
  await expect.poll(async () => (await walletOf(request, token)).reservado_centis).toBe(0);

  // A new one held, then cancelled from /transfer's offer.
  await abandonTransfer(request, token, payee, 500);
  await page.goto('/transfer');
  await held(page).getByRole('button', { name: 'Anile l' }).click();
  await expect(held(page)).toHaveCount(0);
  expect((await walletOf(request, token)).reservado_centis).toBe(0);
});

test('a buyer holds one pending purchase per product; the page shows the stock still available and resumes it', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const seller = await createUser(request, { user: newUser('Jera') });
  const buyer = await createUser(request, { user: newUser('Mariz') });
  const other = await createUser(request, { user: newUser('Pyè') });
  const sellerToken = await tokenOf(request, seller);
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const company = await request.post('/api/companies', {
    headers: auth(sellerToken),
    data: { nome: `Mache Jera ${Date.now().toString(36)}`, descricao: 'Fwi fre', categoria: 'agriculture' },
  });
  expect(company.status(), await company.text()).toBe(201);
  const companyId = ((await company.json()) as { id: string }).id;
  const product = await request.post(`/api/companies/${companyId}/products`, {
    headers: auth(sellerToken),
    data: { nome: 'Mango fransik', descricao: 'Yon kès', categoria: 'food', preco_centis: 500, estoque: 3 },
  });
  expect(product.status(), await product.text()).toBe(201);
  const productId = ((await product.json()) as { id: string }).id;
  const buyerToken = await tokenOf(request, buyer);
  const hold = async (quantidade: number) => {
    const answer = await request.post('/api/purchases', {
      headers: { ...auth(buyerToken), 'idempotency-key': crypto.randomUUID() },
      data: { produto_id: productId, quantidade },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    return ((await answer.json()) as { venda_id: string }).venda_id;
  };

  // The buyer holds the whole stock twice over: the second attempt replaces the first.
  await hold(3);
  const kept = await hold(2);
  const pending = await request.get('/api/purchases/pending', { headers: auth(buyerToken) });
  expect(((await pending.json()) as { items: { id: string }[] }).items.map((sale) => sale.id)).toEqual([
    kept,
  ]);
  expect((await walletOf(request, buyerToken)).reservado_centis).toBe(1_000);

  // Another buyer sees what is left: 1 of 3.
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await logIn(otherPage, other);
  await otherPage.goto(`/company/${companyId}`);
  await expect(otherPage.getByRole('article').filter({ hasText: 'Mango fransik' })).toContainText('Stòk: 1');
  await otherPage.goto(`/purchase/${productId}/${companyId}`);
  await expect(otherPage.getByRole('article').filter({ hasText: 'Mango fransik' })).toContainText('Stòk: 1');
  await expect(held(otherPage)).toHaveCount(0);
  await shot(otherPage, 'purchase-available-stock');
  await otherContext.close();

  // The buyer's purchase page offers the one they hold; a reload on its code keeps it.
  await logIn(page, buyer);
  await page.goto(`/purchase/${productId}/${companyId}`);
  await expect(held(page)).toContainText('Yon acha ap tann kòd li');
  await expect(held(page)).toContainText('Mango fransik × 2: ₭ 10,00');
  await shot(page, 'purchase-offers-resume');
  await held(page).getByRole('button', { name: 'Antre kòd la' }).click();
  await expect(page.getByRole('heading', { name: 'Konfime acha a' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?venda=${kept}$`));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Konfime acha a' })).toBeVisible();
  await expect(page.getByTestId('verify-total')).toHaveText('₭ 10,00');
  await expect(page.getByRole('button', { name: /Voye kòd la ankò/ })).toBeVisible();
  await shot(page, 'purchase-code-after-reload');
  const cells = page.getByRole('group', { name: 'Kòd 6 chif' }).getByRole('textbox');
  await cells.first().fill(await codeIn(request, buyer.phone, 'purchase_code'));
  await page.getByRole('button', { name: 'Konfime', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Acha a fèt!' })).toBeVisible();
  expect((await walletOf(request, buyerToken)).reservado_centis).toBe(0);
});
