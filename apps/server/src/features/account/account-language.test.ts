import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createConfirmedUser, TEST_PASSWORD } from '../../test-support/accounts.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

// The language follows the person: what the account keeps (usuarios.idioma) comes with the sign-in
// and with every /api/me, so a new browser shows the screens in it at once, as the WhatsApp
// messages already were.
describe(`the account's language on a new device, on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('is in the sign-in answer and in /api/me after it was changed on another device', async () => {
    const firstPhone = await createConfirmedUser(t);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(firstPhone),
      payload: { idioma: 'en' },
    });
    expect(changed.statusCode).toBe(200);

    // Another browser: no cookie, no stored choice, only the e-mail and the password.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: firstPhone.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.idioma).toBe('en');

    const me = await t.app.inject({
      url: '/api/me',
      headers: { authorization: `Bearer ${signIn.json().access_token}` },
    });
    expect(me.json().idioma).toBe('en');
  });

  it('is Creole for an account that never chose another', async () => {
    const user = await createConfirmedUser(t);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(signIn.json().user.idioma).toBe('ht');
  });
});
