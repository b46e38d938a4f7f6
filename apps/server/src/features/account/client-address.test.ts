import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';
import { testRateLimiter } from '../../test-support/test-rate-limiter.ts';

// The NIF check allows 60 requests per address per 10 minutes; 0.1 scales that to 6.
const NIF_LIMIT = 6;
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused', // the test database is given directly
  PUBLIC_URL: 'https://kreyolcash.example',
  SMTP_URL: 'smtp://127.0.0.1:1',
  WHATSAPP_GATEWAY_URL: 'http://127.0.0.1:1',
};

// Each app (a fresh database) is made in a hook, whose timeout is sized for a busy machine; the
// tests themselves then only time the requests.
async function serve(env: Record<string, string>) {
  const t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '0.1', ...env }, { rateLimiter: testRateLimiter() });
  // Real HTTP: the socket's address is 127.0.0.1, as a proxy on the same machine would be.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const nifCheck = async (forwardedFor: string) => {
    const res = await fetch(`${base}/api/auth/nif-available?documento=0123456789`, {
      headers: { 'x-forwarded-for': forwardedFor },
    });
    const body = (await res.json()) as { error?: { code: string } };
    return res.status === 429 ? `429 ${body.error?.code}` : String(res.status);
  };
  return { t, nifCheck };
}

describe(`the client's address on ${testDatabaseKind}`, () => {
  // In production, where the header used to be believed from anyone.
  describe('without TRUST_PROXY', () => {
    let served: Awaited<ReturnType<typeof serve>>;
    beforeAll(async () => {
      served = await serve(PRODUCTION_ENV);
    });
    afterAll(() => served.t.close());

    it('a made-up X-Forwarded-For on each request escapes no per-IP limit', async () => {
      const statuses = [];
      for (let i = 1; i <= NIF_LIMIT + 1; i++) statuses.push(await served.nifCheck(`203.0.113.${i}`));
      expect(statuses).toEqual([...Array(NIF_LIMIT).fill('200'), '429 rate_limited']);
    });
  });

  describe('with TRUST_PROXY=127.0.0.1', () => {
    let served: Awaited<ReturnType<typeof serve>>;
    beforeAll(async () => {
      served = await serve({ TRUST_PROXY: '127.0.0.1' });
    });
    afterAll(() => served.t.close());

    it('the address the proxy forwards is the one counted', async () => {
      const { nifCheck } = served;
      // Different clients behind the proxy each have their own allowance...
      for (let i = 1; i <= NIF_LIMIT + 1; i++) expect(await nifCheck(`203.0.113.${i}`)).toBe('200');
      // ...and one client is limited, even when it puts made-up addresses before its own: the
      // proxy appends the address it saw, and only the proxy is believed.
      const statuses = [];
      for (let i = 1; i <= NIF_LIMIT + 1; i++) statuses.push(await nifCheck(`198.51.100.${i}, 192.0.2.50`));
      expect(statuses).toEqual([...Array(NIF_LIMIT).fill('200'), '429 rate_limited']);
    });
  });
});
