import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createConfirmedUser } from '../../test-support/accounts.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

describe(`what a new user sees on home, on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows ₭100,00 and the signup movement after sign-up and confirmation', async () => {
    const user = await createConfirmedUser(t);
    const wallet = await t.app.inject({ url: '/api/wallet', headers: bearer(user) });
    expect(wallet.json()).toEqual({ saldo_centis: 10000, reservado_centis: 0, disponivel_centis: 10000 });
    const history = await t.app.inject({ url: '/api/wallet/transactions?limit=3', headers: bearer(user) });
    const { items, next_cursor } = history.json();
    expect(next_cursor).toBeNull();
    expect(items).toEqual([
      expect.objectContaining({
        type: 'signup',
        status: 'concluida',
        quantidade_centis: 10000,
        quantidade_kreyolcash: 100,
        remetente_nome: null,
        destinatario_email: user.email,
      }),
    ]);
    const detail = await t.app.inject({
      url: `/api/wallet/transactions/${items[0].id}`,
      headers: bearer(user),
    });
    // The detail is the list's entry plus its report (none for a sign-up bonus).
    expect(detail.json()).toEqual({ ...items[0], reclamacao: null, pode_reclamar: false });
  });

  it('answers 404 for somebody else’s movement and for a malformed id', async () => {
    const alice = await createConfirmedUser(t);
    const bob = await createConfirmedUser(t);
    const aliceItems = (
      await t.app.inject({ url: '/api/wallet/transactions', headers: bearer(alice) })
    ).json().items;
    const stranger = await t.app.inject({
      url: `/api/wallet/transactions/${aliceItems[0].id}`,
      headers: bearer(bob),
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('transaction_not_found');
    expect(
      (await t.app.inject({ url: '/api/wallet/transactions/abc', headers: bearer(bob) })).statusCode,
    ).toBe(404);
  });

  it('serves the owner their private document photo and anybody the profile photo', async () => {
    const user = await createConfirmedUser(t);
    const doc = await t.app.inject({ url: '/api/me/document-photo', headers: bearer(user) });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('image/jpeg');
    expect(doc.headers['cache-control']).toContain('no-store');
    const me = (await t.app.inject({ url: '/api/me', headers: bearer(user) })).json();
    expect(me.profile_photo_url).toMatch(/^\/api\/files\/profiles\/[\w-]+\.png$/);
    const photo = await t.app.inject(me.profile_photo_url);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect((await t.app.inject('/api/files/profiles/..%2F..%2Fjwt-secret')).statusCode).not.toBe(200);
  });
});
