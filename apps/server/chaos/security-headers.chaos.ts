// Security headers, cookies, request limits and secrets in logs (ASVS 5.0 §3.4 browser security
// headers, §3.3 cookies, §16 logging). Headers, cookies and limits are checked
// in-process, in test and in production configuration; the logs are those of a real server
// process driven through HTTP, grepped for every secret it handled.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createConfirmedUser,
  newPerson,
  refreshCookieOf,
  signupForm,
  TEST_PASSWORD,
} from '../src/test-support/accounts.ts';
import { codeIn, MESSAGE_CONTENT, textOf } from '../src/test-support/outbox-messages.ts';
import { TestSmtpServer } from '../src/test-support/smtp-server.ts';
import { createTestApp, type TestApp } from '../src/test-support/test-app.ts';
import {
  openTestDatabase,
  serverDatabaseEnv,
  type TestDatabase,
  testDatabaseKind,
} from '../src/test-support/test-database.ts';
import { printFigures } from './harness/figures.ts';
import { ServerProcess } from './harness/server-process.ts';

const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: 'production-secret-that-is-long-enough-0123456789abcdef',
  DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
  PUBLIC_URL: 'https://kreyolcash.example',
  SMTP_URL: 'smtp://127.0.0.1:1',
  WHATSAPP_GATEWAY_URL: 'http://127.0.0.1:1',
};

// Every answer carries these, whatever its status: the page, the API, errors. A page carries the
// page policy; an API answer (JSON, never rendered by the app) a compact one that forbids
// everything a document could do, without the page-only headers (COOP, X-Frame-Options).
function headerProblems(
  res: LightMyRequestResponse,
  options: { production: boolean; api: boolean },
): string[] {
  const problems: string[] = [];
  const csp = String(res.headers['content-security-policy'] ?? '');
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values] as const;
      }),
  );
  if (!csp) problems.push('no content-security-policy');
  if (/unsafe-inline|unsafe-eval|unsafe-hashes|wasm-unsafe-eval/.test(csp))
    problems.push(`unsafe source in CSP: ${csp}`);
  if (/(^|\s)(\*|https?:|data:)(\s|;|$)/.test(` ${directives.get('script-src')?.join(' ') ?? ''} `))
    problems.push('script-src allows other origins');
  const expect = (name: string, value: string) => {
    if (directives.get(name)?.join(' ') !== value)
      problems.push(`${name} is "${directives.get(name)?.join(' ')}", not ${value}`);
  };
  expect('frame-ancestors', "'none'");
  if (options.api) {
    // Nothing at all may load or run in an API answer opened as a document.
    expect('default-src', "'none'");
    const loosened = [...directives.keys()].filter(
      (name) => !['default-src', 'frame-ancestors'].includes(name),
    );
    if (loosened.length > 0) problems.push(`API CSP has more directives: ${loosened.join(', ')}`);
    if (res.headers['cross-origin-resource-policy'] !== 'same-origin')
      problems.push('no cross-origin-resource-policy: same-origin');
  } else {
    expect('default-src', "'self'");
    expect('script-src', "'self'");
    // The prerendered pages' stylesheet is inline, allowed by its SHA-256: that one hash at most,
    // never 'unsafe-inline' or another origin.
    const styles = directives.get('style-src')?.join(' ') ?? '';
    if (!/^'self'( 'sha256-[A-Za-z0-9+/]{43}=')?$/.test(styles))
      problems.push(`style-src is "${styles}", not 'self' with at most the stylesheet's hash`);
    expect('object-src', "'none'");
    expect('base-uri', "'self'");
    expect('form-action', "'self'");
    if (options.production && !directives.has('upgrade-insecure-requests'))
      problems.push('no upgrade-insecure-requests in production');
    if (!['DENY', 'SAMEORIGIN'].includes(String(res.headers['x-frame-options'] ?? '')))
      problems.push('no x-frame-options');
    if (res.headers['cross-origin-opener-policy'] !== 'same-origin')
      problems.push('no cross-origin-opener-policy');
  }
  if (res.headers['x-content-type-options'] !== 'nosniff')
    problems.push('no x-content-type-options: nosniff');
  const hsts = String(res.headers['strict-transport-security'] ?? '');
  const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0);
  if (maxAge < 180 * 24 * 3600 || !/includeSubDomains/i.test(hsts)) problems.push(`weak HSTS: "${hsts}"`);
  const referrer = String(res.headers['referrer-policy'] ?? '');
  if (!['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(referrer))
    problems.push(`referrer-policy "${referrer}"`);
  if (res.headers['x-powered-by']) problems.push(`x-powered-by: ${res.headers['x-powered-by']}`);
  return problems;
}

type Probe = { label: string; method: 'GET' | 'POST'; url: string; payload?: unknown; api: boolean };
const PROBES: Probe[] = [
  { label: 'web page /', method: 'GET', url: '/', api: false },
  { label: 'client route /wallet', method: 'GET', url: '/wallet', api: false },
  { label: 'web page /apikey (not the API)', method: 'GET', url: '/apikey', api: false },
  { label: 'GET /api/health', method: 'GET', url: '/api/health', api: true },
  { label: 'GET /api/me (401)', method: 'GET', url: '/api/me', api: true },
  { label: 'GET /api/nope (404)', method: 'GET', url: '/api/nope', api: true },
  {
    label: 'POST /api/auth/login (422)',
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'x' },
    api: true,
  },
  { label: 'POST /api/auth/logout (204, no body)', method: 'POST', url: '/api/auth/logout', api: true },
];

describe(`security headers, cookies and limits on ${testDatabaseKind}`, () => {
  let dev: TestApp;
  let prod: TestApp;
  const figures: Record<string, string> = {};
  beforeAll(async () => {
    dev = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1000' });
    prod = await createTestApp({ ...PRODUCTION_ENV, RATE_LIMIT_MULTIPLIER: '1000' });
  });
  afterAll(async () => {
    printFigures('Security headers, cookies and request limits', figures);
    await dev?.close();
    await prod?.close();
  });

  it('every answer carries a strict CSP and the security headers, in test and production', async () => {
    const problems: string[] = [];
    for (const [name, t] of [
      ['test', dev],
      ['production', prod],
    ] as const) {
      for (const probe of PROBES) {
        const res = await t.app.inject({
          method: probe.method,
          url: probe.url,
          payload: probe.payload as object,
        });
        const found = headerProblems(res, { production: name === 'production', api: probe.api });
        figures[`${name}: ${probe.label}`] =
          `${res.statusCode}; ${found.length === 0 ? 'all headers right' : found.join('; ')}`;
        problems.push(...found.map((p) => `${name} ${probe.label}: ${p}`));
      }
    }
    const csp = String((await prod.app.inject({ url: '/' })).headers['content-security-policy']);
    figures['production CSP of a page'] = csp;
    const apiCsp = String((await prod.app.inject({ url: '/api/health' })).headers['content-security-policy']);
    figures['production CSP of an API answer'] = apiCsp;
    expect(problems).toEqual([]);
  });

  it('the API documentation page allows no unsafe script or style either', async () => {
    const res = await dev.app.inject({ url: '/api/docs' });
    const csp = String(res.headers['content-security-policy'] ?? '');
    const frameAncestors = /frame-ancestors ([^;]+)/.exec(csp)?.[1]?.trim();
    figures['GET /api/docs CSP'] = `${res.statusCode}; frame-ancestors ${frameAncestors}; ${csp}`;
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    // Swagger UI's own policy: same-origin framing at most (the app's pages say 'none').
    expect(["'none'", "'self'"]).toContain(frameAncestors);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the refresh cookie is HttpOnly, SameSite=Strict, limited to /api/auth, and Secure in production', async () => {
    const problems: string[] = [];
    for (const [name, t] of [
      ['test', dev],
      ['production', prod],
    ] as const) {
      const user = await createConfirmedUser(t);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: TEST_PASSWORD },
      });
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { cookie: refreshCookieOf(login.headers['set-cookie']) },
      });
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: refreshCookieOf(refresh.headers['set-cookie']) },
      });
      for (const [step, res] of [
        ['login', login],
        ['refresh', refresh],
        ['logout', logout],
      ] as const) {
        const cookie = cookiesOf(res).find((c) => c.startsWith('kc_refresh=')) ?? '';
        const attributes = attributesOf(cookie);
        const wrong: string[] = [];
        if (!cookie) wrong.push('no kc_refresh cookie');
        if (!attributes.has('httponly')) wrong.push('not HttpOnly');
        if (attributes.get('samesite')?.toLowerCase() !== 'strict')
          wrong.push(`SameSite=${attributes.get('samesite')}`);
        if (attributes.get('path') !== '/api/auth') wrong.push(`Path=${attributes.get('path')}`);
        if (attributes.has('domain')) wrong.push(`Domain=${attributes.get('domain')}`);
        if (attributes.has('secure') !== (name === 'production'))
          wrong.push(`Secure=${attributes.has('secure')}`);
        if (step === 'logout' && !/Expires=Thu, 01 Jan 1970|Max-Age=0/i.test(cookie))
          wrong.push('not cleared');
        figures[`${name}: cookie at ${step}`] =
          `${res.statusCode}; ${[...attributes.keys()].filter((k) => k !== 'kc_refresh').join(', ')}${wrong.length ? ` — ${wrong.join(', ')}` : ''}`;
        problems.push(...wrong.map((w) => `${name} ${step}: ${w}`));
      }
      // The refresh token never travels in a body.
      expect(login.body).not.toContain(refreshCookieOf(login.headers['set-cookie']).split('=')[1]);
    }
    expect(problems).toEqual([]);
  });

  it('the development outbox exists only outside production', async () => {
    const outcomes: Record<string, number> = {};
    for (const [name, t] of [
      ['test', dev],
      ['production', prod],
    ] as const) {
      outcomes[`${name} GET`] = (await t.app.inject({ url: '/api/dev/outbox' })).statusCode;
      outcomes[`${name} POST retry`] = (
        await t.app.inject({ method: 'POST', url: '/api/dev/outbox/retry-failed' })
      ).statusCode;
    }
    const docs = (await prod.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    figures['/api/dev/outbox'] = JSON.stringify(outcomes);
    expect(outcomes['test GET']).toBe(200);
    expect(outcomes['production GET']).toBe(404);
    expect(outcomes['production POST retry']).toBe(404);
    expect(Object.keys(docs.paths).filter((p) => p.startsWith('/api/dev'))).toEqual([]);
  });

  it('request bodies are limited: 1 MB and 10 MB of JSON get 413 payload_too_large, quickly', async () => {
    const user = await createConfirmedUser(dev);
    for (const [label, size] of [
      ['1 MB', 1024 * 1024],
      ['10 MB', 10 * 1024 * 1024],
    ] as const) {
      const body = JSON.stringify({ email: 'a@example.ht', password: 'x'.repeat(size) });
      for (const [route, headers] of [
        ['/api/auth/login', {}],
        ['/api/transfers', bearer(user)],
      ] as const) {
        const started = performance.now();
        const res = await dev.app.inject({
          method: 'POST',
          url: route,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: body,
        });
        const ms = performance.now() - started;
        figures[`JSON body ${label} to ${route}`] =
          `${res.statusCode} ${res.json().error?.code} in ${ms.toFixed(0)} ms`;
        expect(res.statusCode).toBe(413);
        expect(res.json().error.code).toBe('payload_too_large');
      }
    }
    // A body that fits is parsed as usual (here refused for its content, not its size).
    const small = await dev.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@example.ht', password: 'x'.repeat(60_000) },
    });
    figures['JSON body 60 kB to /api/auth/login'] = `${small.statusCode} ${small.json().error?.code}`;
    expect(small.statusCode).toBe(422);
  });

  it('multipart sign-ups past the part limits and prototype-polluting JSON are refused, never 5xx', async () => {
    const outcomes: string[] = [];
    const tooManyFiles = await signupForm(newPerson());
    tooManyFiles.append('document_photo', new Blob([Buffer.from('x')]), 'third.jpg');
    const tooManyFields = await signupForm(newPerson());
    for (let i = 0; i < 40; i++) tooManyFields.append(`extra_${i}`, 'x');
    const hugeField = await signupForm(newPerson({ nome_completo: 'x'.repeat(2 * 1024 * 1024) }));
    for (const [label, form] of [
      ['3 files (limit 2)', tooManyFiles],
      ['40 extra fields (limit 20)', tooManyFields],
      ['a 2 MB text field', hugeField],
    ] as const) {
      const res = await dev.app.inject({ method: 'POST', url: '/api/auth/signup', payload: form });
      figures[`sign-up with ${label}`] = `${res.statusCode} ${safeCode(res)}`;
      outcomes.push(`${label}: ${res.statusCode}`);
      expect(res.statusCode, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
    }
    const polluted = await dev.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@example.ht","password":"secret1","__proto__":{"isAdmin":true}}',
    });
    figures['JSON with __proto__'] = `${polluted.statusCode} ${safeCode(polluted)}`;
    expect(polluted.statusCode).toBe(400);
    expect(({} as { isAdmin?: boolean }).isAdmin).toBeUndefined();
  });
});

// ── secrets in logs ──────────────────────────────────────────────────────────────────────────

/**
 * A WhatsApp gateway that fails each message once, echoing the request back in its error body
 * (some gateways do): the worker's failure log must not carry the code it just failed to send.
 */
class EchoingGateway {
  readonly delivered: { jid: string; message: string }[] = [];
  private readonly seen = new Set<string>();
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks).toString();
      if (!this.seen.has(text)) {
        this.seen.add(text);
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'upstream timeout', request: JSON.parse(text) }));
        return;
      }
      this.delivered.push(JSON.parse(text));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

describe(`no secret, code or token in the logs of a real server process on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let gateway: EchoingGateway;
  let smtp: TestSmtpServer;
  const JWT_SECRET = 'log-test-secret-that-is-long-enough-0123456789abcdef';
  const GATEWAY_TOKEN = 'gateway-token-9f8e7d6c5b4a39281706';

  beforeAll(async () => {
    database = await openTestDatabase();
    gateway = new EchoingGateway();
    smtp = new TestSmtpServer();
    const [gatewayUrl, smtpUrl] = [await gateway.start(), await smtp.start()];
    server = await ServerProcess.start({
      ...(database.url ? serverDatabaseEnv(database) : {}),
      LOG_LEVEL: 'debug',
      JWT_SECRET,
      WHATSAPP_GATEWAY_URL: gatewayUrl,
      WHATSAPP_GATEWAY_TOKEN: GATEWAY_TOKEN,
      SMTP_URL: smtpUrl,
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await gateway?.stop();
    await smtp?.stop();
    await database?.close();
  });

  it('sign-up, login, refresh, transfer, reset and logout leave no secret in the logs', async () => {
    if (!database.url)
      throw new Error('this test needs PostgreSQL (npm run test:chaos sets TEST_DATABASE_URL)');
    const secrets: { kind: string; value: string }[] = [];
    const keep = (kind: string, value: string | undefined) => {
      if (!value) throw new Error(`no ${kind}`);
      secrets.push({ kind, value });
      return value;
    };
    keep('JWT secret', JWT_SECRET);
    keep('gateway token', GATEWAY_TOKEN);
    const api = (path: string, init: RequestInit & { token?: string; cookie?: string } = {}) =>
      fetch(`${server.url}${path}`, {
        ...init,
        headers: {
          ...(init.body && !(init.body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...(init.cookie ? { cookie: init.cookie } : {}),
          ...(init.headers as Record<string, string>),
        },
      });
    const json = (body: unknown) => JSON.stringify(body);
    // Forgot-password queues its e-mail after answering: wait for it (5 s at most).
    const lastEmailText = async (email: string, purpose: string) => {
      const deadline = Date.now() + 5000;
      for (;;) {
        const row = await database.db
          .selectFrom('outbox_messages')
          .select(MESSAGE_CONTENT)
          .where('recipient', '=', email)
          .where('purpose', '=', purpose)
          .orderBy('id', 'desc')
          .executeTakeFirst();
        if (row) return textOf(row);
        if (Date.now() > deadline) throw new Error(`no ${purpose} e-mail to ${email}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const fragmentParam = (text: string, name: string) =>
      new RegExp(`[#&]${name}=([A-Za-z0-9_-]+)`).exec(text)?.[1];

    const signUpAndConfirm = async (who: string) => {
      const person = newPerson();
      const res = await api('/api/auth/signup', { method: 'POST', body: await signupForm(person) });
      expect(res.status).toBe(201);
      const token = keep(
        `confirmation token (${who})`,
        fragmentParam(await lastEmailText(person.email, 'email_confirmation'), 'token'),
      );
      expect((await api('/api/auth/confirm-email', { method: 'POST', body: json({ token }) })).status).toBe(
        200,
      );
      return person;
    };
    const payer = await signUpAndConfirm('payer');
    const payee = await signUpAndConfirm('payee');
    // Only a proven phone is paid; the payer's proof below is the one this test reads.
    await database.db
      .updateTable('usuarios')
      .set({ telefone_verificado_em: new Date() })
      .where('email', '=', payee.email.toLowerCase())
      .execute();
    keep('password', payer.password);

    // A wrong password first (the refusal is logged too), then the right one.
    await api('/api/auth/login', {
      method: 'POST',
      body: json({ email: payer.email, password: 'Errado-Senha-1!' }),
    });
    const login = await api('/api/auth/login', {
      method: 'POST',
      body: json({ email: payer.email, password: payer.password }),
    });
    expect(login.status).toBe(200);
    const access = keep('access token (login)', (await jsonOf(login)).access_token);
    expect((await api('/api/wallet', { token: access })).status).toBe(200);
    const refreshToken = keep(
      'refresh token (login)',
      refreshCookieOf(login.headers.getSetCookie()).split('=')[1],
    );
    const refresh = await api('/api/auth/refresh', { method: 'POST', cookie: `kc_refresh=${refreshToken}` });
    expect(refresh.status).toBe(200);
    const access2 = keep('access token (refresh)', (await jsonOf(refresh)).access_token);
    const refreshToken2 = keep(
      'refresh token (rotated)',
      refreshCookieOf(refresh.headers.getSetCookie()).split('=')[1],
    );

    // The event stream takes its token in the query string (EventSource sends no headers).
    const stream = new AbortController();
    const events = await api(`/api/events?access_token=${access2}`, { signal: stream.signal });
    expect(events.status).toBe(200);
    stream.abort();
    await api(`/api/nope?access_token=${access2}&token=${refreshToken2}`);
    await api(`/api/users/lookup?email=${encodeURIComponent(payee.email)}`, { token: access2 });

    // Only a proven phone sends: the proof's code is a secret too.
    const proof = await api('/api/me/phone-proof', { method: 'POST', token: access2, body: json({}) });
    expect(proof.status).toBe(202);
    const proofCode = keep(
      'phone proof code',
      codeIn(
        await database.db
          .selectFrom('outbox_messages')
          .select(MESSAGE_CONTENT)
          .where('recipient', '=', payer.telefone)
          .where('purpose', '=', 'phone_proof_code')
          .executeTakeFirstOrThrow(),
      ),
    );
    const proven = await api('/api/me/phone-proof/verify', {
      method: 'POST',
      token: access2,
      body: json({ codigo: proofCode }),
    });
    expect(proven.status).toBe(200);

    const initiate = await api('/api/transfers', {
      method: 'POST',
      token: access2,
      headers: { 'idempotency-key': 'log-test-transfer-1' },
      body: json({ destinatario_email: payee.email, quantidade_centis: 1234 }),
    });
    expect(initiate.status).toBe(201);
    const movementId = (await jsonOf(initiate)).movimentacao_id ?? '';
    const code = keep(
      'transfer code',
      codeIn(
        await database.db
          .selectFrom('outbox_messages')
          .select(MESSAGE_CONTENT)
          .where('referencia', '=', movementId)
          .where('purpose', 'like', '%_code')
          .executeTakeFirstOrThrow(),
      ),
    );
    const wrong = String(((Number(code) + 1) % 900_000) + 100_000);
    await api(`/api/transfers/${movementId}/verify`, {
      method: 'POST',
      token: access2,
      body: json({ codigo: wrong }),
    });
    const verify = await api(`/api/transfers/${movementId}/verify`, {
      method: 'POST',
      token: access2,
      body: json({ codigo: code }),
    });
    expect(verify.status).toBe(200);

    expect(
      (await api('/api/auth/forgot-password', { method: 'POST', body: json({ email: payer.email }) })).status,
    ).toBe(202);
    const resetText = await lastEmailText(payer.email, 'password_reset');
    const resetAccess = keep('reset link access_token', fragmentParam(resetText, 'access_token'));
    const resetRefresh = keep('reset link refresh_token', fragmentParam(resetText, 'refresh_token'));
    const newPassword = keep('new password', 'Nouvo-Modpas-Solid-2025!');
    const reset = await api('/api/auth/reset-password', {
      method: 'POST',
      body: json({ access_token: resetAccess, refresh_token: resetRefresh, password: newPassword }),
    });
    expect(reset.status).toBe(200);
    // The revoked session's tokens, presented again, are refused (and those refusals logged).
    expect((await api('/api/me', { token: access2 })).status).toBe(401);
    expect(
      (await api('/api/auth/refresh', { method: 'POST', cookie: `kc_refresh=${refreshToken2}` })).status,
    ).toBe(401);
    const relogin = await api('/api/auth/login', {
      method: 'POST',
      body: json({ email: payer.email, password: newPassword }),
    });
    expect(relogin.status).toBe(200);
    const access3 = keep('access token (after reset)', (await jsonOf(relogin)).access_token);
    const refreshToken3 = keep(
      'refresh token (after reset)',
      refreshCookieOf(relogin.headers.getSetCookie()).split('=')[1],
    );
    expect((await api('/api/me', { token: access3 })).status).toBe(200);
    expect(
      (await api('/api/auth/logout', { method: 'POST', cookie: `kc_refresh=${refreshToken3}` })).status,
    ).toBe(204);

    // Every message delivered (each one failed once at the gateway first), then a clean stop so
    // that every log line is written.
    const deadline = Date.now() + 30_000;
    let pending = Number.POSITIVE_INFINITY;
    while (Date.now() < deadline) {
      const rows = await database.db.selectFrom('outbox_messages').select('status').execute();
      pending = rows.filter((r) => r.status !== 'sent').length;
      if (pending === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await server.stop();

    const logs = server.logs.join('');
    const lines = logs.split('\n').filter(Boolean);
    // A 6-digit code counts only as a number of its own (not inside a timestamp or a duration).
    const patternOf = (value: string) =>
      value.length === 6
        ? new RegExp(`(?<![\\d.])${value}(?!\\d)`, 'g')
        : new RegExp(escapeRegExp(value), 'g');
    const found = secrets.map(({ kind, value }) => {
      const pattern = patternOf(value);
      const hits = (logs.match(pattern) ?? []).length;
      // Shown on failure with the secret itself replaced by its name.
      const where = lines
        .filter((line) => line.match(patternOf(value)))
        .map((l) => l.replace(pattern, `<${kind}>`));
      return { kind, hits, where };
    });
    const levels = new Map<string, number>();
    for (const line of lines) {
      const level = /"level":(\d+)/.exec(line)?.[1] ?? 'text';
      levels.set(level, (levels.get(level) ?? 0) + 1);
    }
    printFigures('Secrets in the logs of a real server process (LOG_LEVEL=debug)', {
      'log lines': lines.length,
      'log bytes': logs.length,
      'lines by pino level': Object.fromEntries(levels),
      'messages still undelivered': pending,
      'gateway deliveries (each after one echoed failure)': gateway.delivered.length,
      'e-mails received by SMTP': smtp.received.length,
      'masked values ([redacted])': (logs.match(/\[redacted\]|%5Bredacted%5D/g) ?? []).length,
      ...Object.fromEntries(found.map(({ kind, hits }) => [`occurrences of ${kind}`, hits])),
    });
    expect(lines.length).toBeGreaterThan(20);
    expect(pending).toBe(0);
    expect(found.filter((f) => f.hits > 0)).toEqual([]);
  });
});

function cookiesOf(res: LightMyRequestResponse): string[] {
  const header = res.headers['set-cookie'];
  return Array.isArray(header) ? header : header ? [header] : [];
}

function attributesOf(cookie: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of cookie.split(';')) {
    const [name = '', ...rest] = part.trim().split('=');
    map.set(name.toLowerCase() === 'kc_refresh' ? 'kc_refresh' : name.toLowerCase(), rest.join('='));
  }
  return map;
}

async function jsonOf(res: Response): Promise<Record<string, string | undefined>> {
  return (await res.json()) as Record<string, string | undefined>;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function safeCode(res: LightMyRequestResponse): string {
  try {
    return String(res.json().error?.code ?? '');
  } catch {
    return res.body.slice(0, 60);
  }
}
