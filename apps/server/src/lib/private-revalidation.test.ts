import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createConfirmedUser, type SignedInUser } from '../test-support/accounts.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { sendMoney } from '../test-support/transfers.ts';

// The person's own reads answer 304 to a browser that already holds the same body, and only then.
describe('revalidation of the signed-in person’s own reads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const read = (url: string, user: SignedInUser, ifNoneMatch?: string) =>
    t.app.inject({
      url,
      headers: { ...bearer(user), ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
    });

  it.each(['/api/me', '/api/wallet', '/api/wallet/transactions?limit=3', '/api/me/limits'])(
    '%s: a 304 without a body for the same body, private and asked again every time',
    async (url) => {
      const user = await createConfirmedUser(t);
      const first = await read(url, user);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await read(url, user, etag);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    },
  );

  it('gives someone else on the same phone their own data, never a 304 for the first person’s copy', async () => {
    const [first, second] = [await createConfirmedUser(t), await createConfirmedUser(t)];
    const held = await read('/api/me', first);
    const theirs = await read('/api/me', second, String(held.headers.etag));
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().email).toBe(second.email);
  });

  it('sends the new balance and movements once money has moved', async () => {
    const [payer, payee] = [await createConfirmedUser(t), await createConfirmedUser(t)];
    const wallet = await read('/api/wallet', payer);
    const movements = await read('/api/wallet/transactions?limit=3', payer);
    await sendMoney(t, payer, payee, 1250);
    const walletAfter = await read('/api/wallet', payer, String(wallet.headers.etag));
    expect(walletAfter.statusCode).toBe(200);
    expect(walletAfter.json().saldo_centis).toBe(10000 - 1250);
    const movementsAfter = await read(
      '/api/wallet/transactions?limit=3',
      payer,
      String(movements.headers.etag),
    );
    expect(movementsAfter.statusCode).toBe(200);
    expect(movementsAfter.json().items).toHaveLength(2);
  });

  it('forgets the browser’s copies at logout', async () => {
    const user = await createConfirmedUser(t);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: user.refreshCookie },
    });
    expect(out.statusCode).toBe(204);
    expect(out.headers['clear-site-data']).toBe('"cache"');
  });
});
