import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support/test-app.ts';

// A stand-in build of the web app, so these tests do not depend on `npm run build`.
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kc-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="ht"><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(
    join(dir, 'route-preload.json'),
    JSON.stringify({ routes: [{ path: '/home', scripts: ['/assets/home-def456.js'], styles: [] }] }),
  );
  writeFileSync(join(dir, 'assets', 'app-abc123.js.gz'), gzipSync('console.log(1)'));
  return dir;
}

describe('the app shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST_DIR: fakeWebDist() });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers health with the database status', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers an unknown API path with a JSON 404 in the error shape', async () => {
    const res = await t.app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      error: { code: 'not_found', message: 'Route GET /api/nothing-here not found' },
    });
  });

  it('serves index.html for client routes so the web router draws them', async () => {
    for (const path of ['/', '/home', '/company/123', '/some/unknown/path']) {
      const res = await t.app.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("names the page's chunks in a Link header, except to the service worker", async () => {
    const page = await t.app.inject('/home');
    expect(page.headers.link).toBe('</assets/home-def456.js>; rel=modulepreload; crossorigin');
    const other = await t.app.inject('/company/123');
    expect(other.headers.link).toBeUndefined();
    const fromWorker = await t.app.inject({
      url: '/home',
      headers: { 'service-worker-navigation-preload': 'true' },
    });
    expect(fromWorker.statusCode).toBe(200);
    expect(fromWorker.headers.link).toBeUndefined();
  });

  it('answers a bodiless 304 to the service worker that holds the current shell', async () => {
    const page = await t.app.inject('/home');
    const digest = createHash('sha256').update(page.rawPayload).digest('base64url');
    const held = await t.app.inject({
      url: '/home',
      headers: { 'service-worker-navigation-preload': `shell=${digest}` },
    });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
    expect(String(held.headers['content-security-policy'])).toContain("script-src 'self'");
    const old = await t.app.inject({
      url: '/home',
      headers: { 'service-worker-navigation-preload': 'shell=x' },
    });
    expect(old.statusCode).toBe(200);
    expect(old.body).toContain('<div id="root">');
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await t.app.inject('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the pre-compressed file to a client that accepts it', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends a strict content security policy and the other security headers', async () => {
    const res = await t.app.inject('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('sends a compact policy that forbids everything on API answers, errors included', async () => {
    for (const url of ['/api/health', '/api/nothing-here', '/api/wallet']) {
      const res = await t.app.inject(url);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['strict-transport-security'], url).toBeDefined();
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
    const docs = await t.app.inject('/api/docs/static/index.html');
    expect(String(docs.headers['content-security-policy'])).not.toContain("default-src 'none'");
  });

  it('publishes the OpenAPI document', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/health');
    const ui = await t.app.inject('/api/docs');
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('refuses a body larger than the limit with payload_too_large', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ x: 'a'.repeat(70 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
  });

  it("refuses a path it cannot decode, or a parameter over the router's length, with our bad_request", async () => {
    for (const url of ['/api/wallet/transactions/%E0%A4%A', `/api/wallet/transactions/${'a'.repeat(200)}`]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ error: { code: 'bad_request' } });
    }
  });
});

describe('health when the database is gone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('answers 503', async () => {
    // The app's own connection, then (on PostgreSQL, where the test holds the owner's apart) the
    // test's, which drops the database: nothing is left to answer.
    await t.app.deps.database.close();
    if (t.database !== t.app.deps.database) await t.database.close();
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'degraded', database: 'down' });
    await t.app.close();
  });
});
