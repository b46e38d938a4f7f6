import { AppError } from '@kreyolcash/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };
type Reply = Response | Error | (() => Response | Error | Promise<Response | Error>);

/** A fake fetch answering each path from a queue of replies, recording every call. */
function fakeFetch(routes: Record<string, Reply[]>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({
      url,
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: init?.body,
    });
    const path = url.split('?')[0] ?? url;
    const reply = routes[path]?.shift();
    if (!reply) throw new Error(`unexpected call to ${url}`);
    const result = typeof reply === 'function' ? await reply() : reply;
    if (result instanceof Error) throw result;
    return result;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function tokens(accessToken: string, userId = 'user-1') {
  return json(200, {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: 900,
    expires_at: 0,
    user_id: userId,
  });
}

const sessionExpired = () =>
  json(401, { error: { code: 'session_expired', message: 'refresh token reused; session revoked' } });
const unauthorized = () =>
  json(401, { error: { code: 'unauthorized', message: 'invalid or expired token' } });
const noLock = <T>(_name: string, run: () => Promise<T>) => run();

function signedInClient(routes: Record<string, Reply[]>) {
  const fake = fakeFetch(routes);
  const client = createApiClient({ fetch: fake.fetch, withLock: noLock });
  client.startSession('user-1', {
    access_token: 'token-1',
    token_type: 'bearer',
    expires_in: 900,
    expires_at: 0,
  });
  return { client, ...fake };
}

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-21T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('api client: errors', () => {
  it('turns an error body into an AppError with its code, status and field keys', async () => {
    const { fetch } = fakeFetch({
      '/api/auth/signup': [
        json(422, {
          error: {
            code: 'validation_error',
            message: 'name_required',
            fields: { nome_completo: 'name_required' },
          },
        }),
      ],
    });
    const client = createApiClient({ fetch, withLock: noLock });
    const error = await failureOf(client.post('/api/auth/signup', {}, { auth: false }));
    expect(error.code).toBe('validation_error');
    expect(error.status).toBe(422);
    expect(error.fields).toEqual({ nome_completo: 'name_required' });
  });

  it('reports a request that never got an answer as network_error with status 0', async () => {
    const { fetch } = fakeFetch({ '/api/wallet': [new TypeError('Failed to fetch')] });
    const client = createApiClient({ fetch, withLock: noLock });
    const error = await failureOf(client.get('/api/wallet', { auth: false }));
    expect(error.code).toBe('network_error');
    expect(error.status).toBe(0);
  });

  it('gives a proxy’s HTML error page the code its status implies', async () => {
    const { fetch } = fakeFetch({ '/api/wallet': [new Response('<h1>Bad Gateway</h1>', { status: 502 })] });
    const client = createApiClient({ fetch, withLock: noLock });
    const error = await failureOf(client.get('/api/wallet', { auth: false }));
    expect(error.code).toBe('service_unavailable');
    expect(error.status).toBe(502);
  });

  it('maps a code this build does not know to unexpected_error', async () => {
    const { fetch } = fakeFetch({ '/api/me': [json(418, { error: { code: 'teapot', message: 'no' } })] });
    const client = createApiClient({ fetch, withLock: noLock });
    expect((await failureOf(client.get('/api/me', { auth: false }))).code).toBe('unexpected_error');
  });

  it('does not refresh on a 401 from a call made without the session (wrong password)', async () => {
    const { fetch, calls } = fakeFetch({
      '/api/auth/login': [json(401, { error: { code: 'invalid_credentials', message: 'no' } })],
    });
    const client = createApiClient({ fetch, withLock: noLock });
    const error = await failureOf(
      client.post('/api/auth/login', { email: 'a@b.c', password: 'x' }, { auth: false }),
    );
    expect(error.code).toBe('invalid_credentials');
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/login']);
  });
});

describe('api client: requests', () => {
  it('sends JSON with the bearer token of the session, and the query string', async () => {
    const { client, calls } = signedInClient({ '/api/wallet/transactions': [json(200, { items: [] })] });
    await expect(
      client.get('/api/wallet/transactions', { query: { limit: 3, cursor: undefined } }),
    ).resolves.toEqual({
      items: [],
    });
    expect(calls[0]?.url).toBe('/api/wallet/transactions?limit=3');
    expect(calls[0]?.headers.authorization).toBe('Bearer token-1');
  });

  it('sends a form as multipart, leaving the content type (and its boundary) to fetch', async () => {
    const { fetch, calls } = fakeFetch({
      '/api/auth/signup': [json(201, { user: { id: 'u', email: 'a@b.c' } })],
    });
    const client = createApiClient({ fetch, withLock: noLock });
    const form = new FormData();
    form.set('nome_completo', 'Marie');
    await client.request('/api/auth/signup', { method: 'POST', form, auth: false });
    expect(calls[0]?.body).toBe(form);
    expect(calls[0]?.headers['content-type']).toBeUndefined();
  });

  it('reads an empty answer (204) as undefined', async () => {
    const { fetch } = fakeFetch({ '/api/auth/logout': [new Response(null, { status: 204 })] });
    const client = createApiClient({ fetch, withLock: noLock });
    await expect(client.post('/api/auth/logout', undefined, { auth: false })).resolves.toBeUndefined();
  });
});

describe('api client: session refresh', () => {
  it('on a 401 refreshes once and retries the call with the new token', async () => {
    const { client, calls } = signedInClient({
      '/api/me': [unauthorized(), json(200, { id: 'user-1' })],
      '/api/auth/refresh': [tokens('token-2')],
    });
    await expect(client.get('/api/me')).resolves.toEqual({ id: 'user-1' });
    expect(calls.map((call) => call.url)).toEqual(['/api/me', '/api/auth/refresh', '/api/me']);
    expect(calls[2]?.headers.authorization).toBe('Bearer token-2');
    expect(client.store.getState()).toEqual({ status: 'signed-in', userId: 'user-1' });
  });

  it('drops the session when the refresh is refused, and says session_expired', async () => {
    const { client, calls } = signedInClient({
      '/api/me': [unauthorized()],
      '/api/auth/refresh': [sessionExpired()],
    });
    const error = await failureOf(client.get('/api/me'));
    expect(error.code).toBe('session_expired');
    expect(calls).toHaveLength(2);
    expect(client.store.getState()).toEqual({ status: 'signed-out', reason: 'expired' });
    expect(client.store.getAccessToken()).toBeNull();
  });

  it('retries only once: a second 401 after a good refresh ends the session', async () => {
    const { client, calls } = signedInClient({
      '/api/me': [unauthorized(), unauthorized()],
      '/api/auth/refresh': [tokens('token-2')],
    });
    expect((await failureOf(client.get('/api/me'))).code).toBe('session_expired');
    expect(calls).toHaveLength(3);
    expect(client.store.getState().status).toBe('signed-out');
  });

  it('lets concurrent 401s share one refresh (a refresh token works only once)', async () => {
    const { client, calls } = signedInClient({
      '/api/me': [unauthorized(), json(200, { id: 'user-1' })],
      '/api/wallet': [unauthorized(), json(200, { saldo_centis: 0 })],
      '/api/auth/refresh': [tokens('token-2')],
    });
    await Promise.all([client.get('/api/me'), client.get('/api/wallet')]);
    expect(calls.filter((call) => call.url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('retries a refresh that fails on the network with a 200 ms doubling backoff', async () => {
    const { client, calls } = signedInClient({
      '/api/auth/refresh': [
        new TypeError('Failed to fetch'),
        json(503, { error: { code: 'service_unavailable', message: 'db' } }),
        new Response('bad gateway', { status: 502 }),
        tokens('token-2'),
      ],
    });
    const started = Date.now();
    const result = client.refreshSession();
    await vi.advanceTimersByTimeAsync(199);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(400);
    expect(calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(800);
    await expect(result).resolves.toBeNull();
    expect(calls).toHaveLength(4);
    expect(Date.now() - started).toBe(1400);
    expect(client.store.getAccessToken()?.value).toBe('token-2');
  });

  it('gives up on a network failure within one 30 s tick but keeps the session for the next tick', async () => {
    const offline = Array.from({ length: 20 }, () => new TypeError('Failed to fetch'));
    const { client, calls } = signedInClient({ '/api/auth/refresh': offline });
    const result = client.refreshSession();
    await vi.advanceTimersByTimeAsync(30_000);
    expect((await result)?.code).toBe('network_error');
    // 200 + 400 + … + 12 800 = 25 400 ms of waiting: 8 tries; the next wait would pass 30 s.
    expect(calls).toHaveLength(8);
    expect(client.store.getState()).toEqual({ status: 'signed-in', userId: 'user-1' });
  });

  it('refreshes on its own once the token is within 3 ticks (90 s) of expiry', async () => {
    const { calls } = signedInClient({ '/api/auth/refresh': [tokens('token-2')] });
    // Ticks at 30 s, 60 s, …: the token (900 s) is within 90 s of expiry at the 810 s tick.
    await vi.advanceTimersByTimeAsync(780_000);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/refresh']);
  });

  it('refreshes an expired token before the call rather than collecting a 401', async () => {
    const { client, calls } = signedInClient({
      '/api/auth/refresh': [tokens('token-2')],
      '/api/me': [json(200, { id: 'user-1' })],
    });
    vi.setSystemTime(Date.now() + 901_000);
    await client.get('/api/me');
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/refresh', '/api/me']);
    expect(calls[1]?.headers.authorization).toBe('Bearer token-2');
  });
});

describe('api client: restoring and ending a session', () => {
  it('restores the session from the refresh cookie once, however many screens ask', async () => {
    const { fetch, calls } = fakeFetch({ '/api/auth/refresh': [tokens('token-1', 'user-7')] });
    const client = createApiClient({ fetch, withLock: noLock });
    expect(client.store.getState()).toEqual({ status: 'unknown' });
    await Promise.all([client.restoreSession(), client.restoreSession()]);
    await client.restoreSession();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    expect(client.store.getState()).toEqual({ status: 'signed-in', userId: 'user-7' });
  });

  it('without a session to restore, says signed out (not expired)', async () => {
    const { fetch } = fakeFetch({ '/api/auth/refresh': [sessionExpired()] });
    const client = createApiClient({ fetch, withLock: noLock });
    await client.restoreSession();
    expect(client.store.getState()).toEqual({ status: 'signed-out', reason: 'none' });
  });

  it('an authenticated call waits for the restore and then uses its token', async () => {
    const { fetch, calls } = fakeFetch({
      '/api/auth/refresh': [tokens('token-9')],
      '/api/wallet': [json(200, { saldo_centis: 10_000 })],
    });
    const client = createApiClient({ fetch, withLock: noLock });
    await client.get('/api/wallet');
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/refresh', '/api/wallet']);
    expect(calls[1]?.headers.authorization).toBe('Bearer token-9');
  });

  it('logs out on the server, then forgets the token', async () => {
    const { client, calls } = signedInClient({ '/api/auth/logout': [new Response(null, { status: 204 })] });
    await client.logout();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/auth/logout']);
    expect(client.store.getState()).toEqual({ status: 'signed-out', reason: 'logout' });
    expect(client.store.getAccessToken()).toBeNull();
  });

  it('a refresh still in flight at logout does not sign the user back in', async () => {
    let answerRefresh: (response: Response) => void = () => {};
    const { client } = signedInClient({
      '/api/auth/refresh': [() => new Promise<Response>((resolve) => (answerRefresh = resolve))],
      '/api/auth/logout': [new Response(null, { status: 204 })],
    });
    const refresh = client.refreshSession();
    await client.logout();
    answerRefresh(tokens('token-2'));
    await refresh;
    expect(client.store.getState()).toEqual({ status: 'signed-out', reason: 'logout' });
  });
});
