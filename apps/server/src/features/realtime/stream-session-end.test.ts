import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { REALTIME_HEARTBEAT_MS } from '@kreyolcash/domain';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { ACCESS_TOKEN_TTL_SECONDS, readAccessToken, signAccessToken } from '../../identity/access-token.ts';
import { memoryRateLimiter } from '../../lib/rate-limit.ts';
import {
  createConfirmedUser,
  latestEmailLinkToken,
  logIn,
  refreshCookieOf,
  type SignedInUser,
  TEST_PASSWORD,
} from '../../test-support/accounts.ts';
import { afterResponseSettled } from '../../test-support/after-response.ts';
import { openEventStream } from '../../test-support/event-stream.ts';
import { codeForMovement, type SeededUser, seedUser } from '../../test-support/ledger-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';
import { diskFileStore } from '../../uploads/file-store.ts';

// An open /api/events stream lives no longer than the session it was opened with.
describe(`event streams end with their session, on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let baseUrl: string;
  let payer: SeededUser;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    payer = await seedUser(t, { bonusCentis: 1_000_000 });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() });
  /** A posted transfer from the seeded payer; returns its movement id. */
  const pay = async (to: { email: string }, centis: number) => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: auth(payer.accessToken),
      payload: { destinatario_email: to.email, quantidade_centis: centis },
    });
    const id = started.json().movimentacao_id as string;
    const codigo = await codeForMovement(t, id);
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/transfers/${id}/verify`,
      headers: auth(payer.accessToken),
      payload: { codigo },
    });
    expect(verified.statusCode).toBe(200);
    return id;
  };
  const balanceOf = async (user: { id: string }) =>
    (
      await t.database.db
        .selectFrom('kreyolcash_contas')
        .select('saldo_centis')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow()
    ).saldo_centis;
  const open = async (user: { accessToken: string }, url = baseUrl) => {
    const stream = await openEventStream(`${url}/api/events`, user.accessToken);
    await stream.next('balance');
    return stream;
  };
  const logout = (user: SignedInUser) =>
    t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: user.refreshCookie } });

  it('logout ends the open stream, and the next transfer is not heard on it', async () => {
    const user = await createConfirmedUser(t);
    const stream = await open(user);
    const before = await pay(user, 100);
    expect((await stream.next('transaction')).data).toEqual({ id: before });

    expect((await logout(user)).statusCode).toBe(204);
    await stream.ended();
    const balance = await balanceOf(user);
    await pay(user, 250);
    expect(await balanceOf(user)).toBe(balance + 250);
    expect(stream.events.filter((e) => e.event === 'transaction')).toEqual([
      { event: 'transaction', data: { id: before } },
    ]);
  });

  it('a password reset ends the streams of every session of the user', async () => {
    const user = await createConfirmedUser(t);
    const otherPhone = await logIn(t, user.email, TEST_PASSWORD);
    const streams = [await open(user), await open(otherPhone)];
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    await afterResponseSettled(t.app);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: {
        access_token: await latestEmailLinkToken(t, user.email, 'access_token'),
        refresh_token: await latestEmailLinkToken(t, user.email, 'refresh_token'),
        password: 'Nouvo-Modpas-2026!',
      },
    });
    expect(reset.statusCode).toBe(200);
    for (const stream of streams) await stream.ended();
  });

  it('a revoked session (a refresh token used again after its successor) ends its stream', async () => {
    const user = await createConfirmedUser(t);
    const stream = await open(user);
    const refresh = (cookie: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie } });
    const first = await refresh(user.refreshCookie);
    expect(first.statusCode).toBe(200);
    expect((await refresh(refreshCookieOf(first.headers['set-cookie']))).statusCode).toBe(200);
    // reuse: the session is revoked
    expect((await refresh(user.refreshCookie)).json().error.code).toBe('session_expired');
    await stream.ended();
  });

  it('a session revoked behind the server’s back ends its stream at the next heartbeat', async () => {
    const user = await createConfirmedUser(t);
    // Only the heartbeat's interval runs on a fake clock; sockets and the database keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const stream = await open(user);
    await t.database.db
      .updateTable('sessoes')
      .set({ revogado_em: sql`now()`, motivo_revogacao: 'test' })
      .where('user_id', '=', user.id)
      .execute();
    await vi.advanceTimersByTimeAsync(REALTIME_HEARTBEAT_MS - 1);
    expect(stream.hasEnded()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await stream.ended();
  });

  it('the stream ends when the token it was opened with expires', async () => {
    const user = await createConfirmedUser(t);
    const claims = await readAccessToken(user.accessToken, t.config.jwtSecret);
    if (!claims) throw new Error('unreadable token');
    // A token issued long enough ago that 1.5 s of it is left.
    const issuedAt = Date.now() - (ACCESS_TOKEN_TTL_SECONDS - 1.5) * 1000;
    const { token, expiresAtSeconds } = await signAccessToken(claims, t.config.jwtSecret, issuedAt);
    const stream = await open({ accessToken: token });
    await stream.ended();
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAtSeconds * 1000);
    const balance = await balanceOf(user);
    await pay(user, 50);
    expect(await balanceOf(user)).toBe(balance + 50);
    expect(stream.events.filter((e) => e.event === 'transaction')).toEqual([]);
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'a stream on another server process hears no transfer after logout, and ends',
    async () => {
      const otherDatabase = await openDatabase({ databaseUrl: (t.database as { url?: string }).url });
      const other = await buildApp({
        config: t.config,
        database: otherDatabase,
        files: diskFileStore(t.dataDir),
        rateLimiter: memoryRateLimiter(),
      });
      await other.listen({ port: 0, host: '127.0.0.1' });
      try {
        const user = await createConfirmedUser(t);
        const stream = await open(user, `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`);
        const before = await pay(user, 100);
        expect((await stream.next('transaction')).data).toEqual({ id: before });
        expect((await logout(user)).statusCode).toBe(204); // on the first process
        await pay(user, 300);
        await stream.ended();
        expect(stream.events.filter((e) => e.event === 'transaction')).toHaveLength(1);
      } finally {
        await other.close();
        await otherDatabase.close();
      }
    },
  );
});
