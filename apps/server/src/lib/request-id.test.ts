import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyLoggerOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppInstance, buildApp } from '../app.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { diskFileStore } from '../uploads/file-store.ts';
import { loggerOptions } from './logger.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  let t: TestApp;
  let app: AppInstance;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    // The app's own logger settings (level, serializers, redaction), written where the test reads them.
    app = await buildApp(
      { config: t.config, database: t.database, files: diskFileStore(t.dataDir), rateLimiter: t.rateLimiter },
      { logger: { ...(loggerOptions('info') as FastifyLoggerOptions), stream } },
    );
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('takes a safe X-Request-Id, replaces an unsafe one with a UUID, and echoes the id to its sender and on errors', async () => {
    const given = `edge-${randomUUID()}`;
    const kept = await app.inject({ url: '/api/health/live', headers: { 'x-request-id': given } });
    expect(kept.headers['x-request-id']).toBe(given);
    for (const unsafe of ['short', 'has spaces in it', '<script>alert(1)</script>', 'x'.repeat(129)]) {
      const res = await app.inject({ url: '/api/health/live', headers: { 'x-request-id': unsafe } });
      expect(res.headers['x-request-id'], unsafe).toMatch(UUID);
    }
    const unmatched = await app.inject('/api/nothing-here');
    expect(unmatched.statusCode).toBe(404);
    expect(unmatched.headers['x-request-id']).toMatch(UUID);
    const refused = await app.inject({ url: '/api/me' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-request-id']).toMatch(UUID);
    // A phone's successful answer carries no id it did not ask for.
    const plain = await app.inject({ url: '/api/health/live' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['x-request-id']).toBeUndefined();
  });

  it('writes the request id into every log line of the request, and no credential', async () => {
    const id = `lb-${randomUUID()}`;
    const res = await app.inject({
      url: '/api/health/ready',
      headers: { 'x-request-id': id, authorization: 'Bearer secret-token-value' },
    });
    expect(res.headers['x-request-id']).toBe(id);
    const ours = lines.filter((line) => line.reqId === id);
    expect(ours.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(ours[0]).toMatchObject({ req: { method: 'GET', url: '/api/health/ready' } });
    expect(JSON.stringify(lines)).not.toContain('secret-token-value');
    // Every line Fastify wrote about a request names it.
    const aboutRequests = lines.filter((line) => line.req || line.res);
    expect(aboutRequests.every((line) => typeof line.reqId === 'string')).toBe(true);
  });
});
