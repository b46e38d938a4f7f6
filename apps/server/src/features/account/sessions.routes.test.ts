import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_RETRY_GRACE_MS } from '../../identity/sessions.service.ts';
import { hashToken } from '../../lib/secure-tokens.ts';
import {
  bearer,
  createConfirmedUser,
  latestEmailLinkToken,
  logIn,
  newPerson,
  postSignup,
  refreshCookieOf,
  signupForm,
  TEST_PASSWORD,
} from '../../test-support/accounts.ts';
import { afterResponseSettled } from '../../test-support/after-response.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

describe(`login, sessions and e-mail links on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const me = (user: { accessToken: string }) => t.app.inject({ url: '/api/me', headers: bearer(user) });
  const refresh = (cookie: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie } });

  it('refuses login before the e-mail is confirmed, then accepts it after the link', async () => {
    const person = newPerson();
    await postSignup(t, await signupForm(person));
    const early = await login(person.email, person.password);
    expect(early.statusCode).toBe(403);
    expect(early.json().error.code).toBe('email_not_confirmed');

    const token = await latestEmailLinkToken(t, person.email);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token },
    });
    expect(confirm.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_confirmation_link');

    const res = await login(person.email.toUpperCase(), person.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 900,
      user: { email: person.email, email_confirmado: true },
    });
    expect(body.expires_at).toBeGreaterThan(Date.now() / 1000 + 800);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/kc_refresh=[A-Za-z0-9_-]+/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/auth/);
    expect(JSON.stringify(body.user)).not.toMatch(/password|hash|document_photo_key/);
  });

  it('answers invalid_credentials alike for a wrong password and an unknown e-mail', async () => {
    const user = await createConfirmedUser(t);
    for (const [email, password] of [
      [user.email, 'wrong-password'],
      ['nobody@example.ht', TEST_PASSWORD],
    ] as const) {
      const res = await login(email, password);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('invalid_credentials');
    }
  });

  it.each([
    [{ email: '', password: 'x' }, 'email', 'email_required'],
    [{ email: 'bad', password: 'xxxxxx' }, 'email', 'email_invalid'],
    [{ email: 'a@b.ht', password: '' }, 'password', 'password_required'],
    [{ email: 'a@b.ht', password: '12345' }, 'password', 'password_min_length'],
  ])('validates the login form %j', async (payload, field, code) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields[field]).toBe(code);
  });

  it('rotates the refresh token, and a reused one revokes the whole session', async () => {
    const user = await createConfirmedUser(t);
    const first = await refresh(user.refreshCookie);
    expect(first.statusCode).toBe(200);
    const rotated = refreshCookieOf(first.headers['set-cookie']);
    expect(rotated).not.toBe(user.refreshCookie);
    const newAccess = { accessToken: first.json().access_token as string };
    expect((await me(newAccess)).statusCode).toBe(200);
    // The successor is used: the old token coming again is a copy, however soon.
    const second = await refresh(rotated);
    expect(second.statusCode).toBe(200);
    const latest = refreshCookieOf(second.headers['set-cookie']);

    const reuse = await refresh(user.refreshCookie);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe('session_expired');
    expect((await refresh(latest)).statusCode).toBe(401);
    expect((await me({ accessToken: second.json().access_token })).statusCode).toBe(401);
    expect((await me(user)).statusCode).toBe(401);
  });

  it('takes a refresh whose answer was lost again: the lost successor is retired, the session lives', async () => {
    const user = await createConfirmedUser(t);
    const lost = refreshCookieOf((await refresh(user.refreshCookie)).headers['set-cookie']);
    // The phone never got `lost` and sends its old token again, twice (both answers lost but the last).
    const retry = await refresh(user.refreshCookie);
    expect(retry.statusCode).toBe(200);
    const again = await refresh(user.refreshCookie);
    expect(again.statusCode).toBe(200);
    const kept = refreshCookieOf(again.headers['set-cookie']);
    expect(new Set([lost, refreshCookieOf(retry.headers['set-cookie']), kept]).size).toBe(3);
    expect((await me({ accessToken: again.json().access_token })).statusCode).toBe(200);
    const next = await refresh(kept);
    expect(next.statusCode).toBe(200);
    expect((await me({ accessToken: next.json().access_token })).statusCode).toBe(200);
    // Once its successor is used, the old token is a copy again: the session ends.
    expect((await refresh(user.refreshCookie)).statusCode).toBe(401);
    expect((await me({ accessToken: next.json().access_token })).statusCode).toBe(401);
  });

  it('revokes the session when a retired successor comes after all (someone else retried in time)', async () => {
    const user = await createConfirmedUser(t);
    const owners = refreshCookieOf((await refresh(user.refreshCookie)).headers['set-cookie']);
    const copy = await refresh(user.refreshCookie); // a copy of the old token, within the grace
    expect(copy.statusCode).toBe(200);
    const owner = await refresh(owners);
    expect([owner.statusCode, owner.json().error.code]).toEqual([401, 'session_expired']);
    expect((await me({ accessToken: copy.json().access_token })).statusCode).toBe(401);
    expect((await refresh(refreshCookieOf(copy.headers['set-cookie']))).statusCode).toBe(401);
  });

  it('revokes the session for an old token come again after the grace', async () => {
    const user = await createConfirmedUser(t);
    const first = await refresh(user.refreshCookie);
    const successor = refreshCookieOf(first.headers['set-cookie']);
    await sql`update refresh_tokens set rotacionado_em = now() - ${REFRESH_RETRY_GRACE_MS + 1000} * interval '1 millisecond'
               where rotacionado_em is not null
                 and session_id = (select session_id from refresh_tokens where rotacionado_em is null
                                    and token_hash = ${hashToken(successor.replace(/^kc_refresh=/, ''))})`.execute(
      t.database.db,
    );
    expect((await refresh(user.refreshCookie)).statusCode).toBe(401);
    expect((await refresh(successor)).statusCode).toBe(401);
    expect((await me({ accessToken: first.json().access_token })).statusCode).toBe(401);
  });

  it('answers two racing refreshes with the same token both, and only the later successor works', async () => {
    const user = await createConfirmedUser(t);
    const results = await Promise.all([refresh(user.refreshCookie), refresh(user.refreshCookie)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const cookies = results.map((r) => refreshCookieOf(r.headers['set-cookie']));
    const rows = await t.database.db
      .selectFrom('refresh_tokens')
      .select(['token_hash', 'retirado_em'])
      .where(
        'token_hash',
        'in',
        cookies.map((c) => hashToken(c.replace(/^kc_refresh=/, ''))),
      )
      .execute();
    expect(rows.map((r) => r.retirado_em === null).sort()).toEqual([false, true]);
  });

  it('revokes the session at logout: the access token stops working at once', async () => {
    const user = await createConfirmedUser(t);
    expect((await me(user)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: user.refreshCookie },
    });
    expect(out.statusCode).toBe(204);
    expect((await me(user)).statusCode).toBe(401);
    expect((await refresh(user.refreshCookie)).statusCode).toBe(401);
  });

  it('refuses protected routes without a valid token', async () => {
    expect((await t.app.inject('/api/me')).json().error.code).toBe('unauthorized');
    expect((await me({ accessToken: 'not.a.jwt' })).statusCode).toBe(401);
    expect((await t.app.inject('/api/me/document-photo')).statusCode).toBe(401);
    expect((await t.app.inject('/api/wallet')).statusCode).toBe(401);
  });

  it('gives the same answer to forgot-password whether or not the e-mail exists', async () => {
    const user = await createConfirmedUser(t);
    const before = await t.database.db.selectFrom('outbox_messages').select('id').execute();
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'ghost@example.ht' },
    });
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.body).toBe(unknown.body);
    await afterResponseSettled(t.app); // the link is sent after the answer
    const after = await t.database.db.selectFrom('outbox_messages').select('id').execute();
    expect(after.length - before.length).toBe(1);
  });

  it('resets the password once through the link and signs every session out', async () => {
    const user = await createConfirmedUser(t);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    await afterResponseSettled(t.app);
    const access_token = await latestEmailLinkToken(t, user.email, 'access_token');
    const refresh_token = await latestEmailLinkToken(t, user.email, 'refresh_token');
    const reset = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { access_token, refresh_token, password },
      });

    const res = await reset('Nouvo-Modpas-9');
    expect(res.statusCode).toBe(200);
    expect((await me(user)).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await logIn(t, user.email, 'Nouvo-Modpas-9')).accessToken).toBeTruthy();

    const replay = await reset('Yon-Lot-Modpas-7');
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('invalid_reset_link');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { access_token, refresh_token: 'x'.repeat(43), password: 'Yon-Lot-Modpas-7' },
    });
    expect(forged.json().error.code).toBe('invalid_reset_link');
  });

  it('resends the confirmation only to an unconfirmed account, and always answers 202', async () => {
    const person = newPerson();
    await postSignup(t, await signupForm(person));
    const firstToken = await latestEmailLinkToken(t, person.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-confirmation',
      payload: { email: person.email },
    });
    expect(res.statusCode).toBe(202);
    await afterResponseSettled(t.app);
    const secondToken = await latestEmailLinkToken(t, person.email);
    expect(secondToken).not.toBe(firstToken);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token: firstToken },
    });
    expect(old.statusCode).toBe(400);
    const ghost = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-confirmation',
      payload: { email: 'ghost@example.ht' },
    });
    expect(ghost.statusCode).toBe(202);
  });

  it('limits login attempts per e-mail and address (10 per 15 minutes) with 429 rate_limited', async () => {
    const user = await createConfirmedUser(t); // its own login is the first attempt
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await login(user.email, 'wrong-password')).statusCode);
    expect(statuses).toEqual(Array(9).fill(401));
    const limited = await login(user.email, TEST_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
  });

  it('limits sign-ups per IP address', async () => {
    const address = '127.200.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await postSignup(t, await signupForm(newPerson({ nome_completo: '' })), address)).statusCode,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(statuses[10]).toBe(429);
  });
});
