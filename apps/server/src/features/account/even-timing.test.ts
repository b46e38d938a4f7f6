import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPerson, postSignup, signupForm } from '../../test-support/accounts.ts';
import { afterResponseSettled } from '../../test-support/after-response.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';
import { testRateLimiter } from '../../test-support/test-rate-limiter.ts';

// Whether an e-mail is registered must not show in how long the answer takes. Medians of several
// requests over real HTTP, each on an idle server, compared with room for a loaded machine.
const ROUNDS = 21;
const RATIO = 1.5;
const MARGIN_MS = 5;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

// The client times from its own thread, as a remote caller would: the server's work after the
// answer (PGlite runs on the server's thread) must not be charged to the answer it followed.
function timingClient() {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     parentPort.on('message', async ({ url, body }) => {
       const started = performance.now();
       const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
       const text = await res.text();
       parentPort.postMessage({ status: res.status, body: text, ms: performance.now() - started });
     });`,
    { eval: true },
  );
  return {
    post: (url: string, body: object) =>
      new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage({ url, body: JSON.stringify(body) });
      }),
    close: () => worker.terminate(),
  };
}

describe(`even timing of forgot-password and resend-confirmation on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let base: string;
  const client = timingClient();
  beforeAll(async () => {
    // ×10: the rounds below stay within the per-e-mail (5) and per-address (20) limits of an hour.
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '10' }, { rateLimiter: testRateLimiter() });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await client.close();
    await t.close();
  });

  async function timedPost(path: string, email: string) {
    const answer = await client.post(`${base}${path}`, { email });
    await afterResponseSettled(t.app); // the next request starts on an idle server
    return answer;
  }

  const emailsTo = async (email: string, purpose: string) =>
    (
      await t.database.db
        .selectFrom('outbox_messages')
        .select('id')
        .where('recipient', '=', email)
        .where('purpose', '=', purpose)
        .execute()
    ).length;

  it.each([
    ['/api/auth/forgot-password', 'password_reset'],
    ['/api/auth/resend-confirmation', 'email_confirmation'],
  ])(
    '%s answers a registered e-mail as fast as an unknown one, and the e-mail arrives',
    async (path, purpose) => {
      // Not confirmed yet: both routes write to this person.
      const person = newPerson();
      expect((await postSignup(t, await signupForm(person))).statusCode).toBe(201);
      await timedPost(path, person.email); // warm-up
      await timedPost(path, 'warm-up@example.ht');

      const registered: number[] = [];
      const unknown: number[] = [];
      const answers = new Set<string>();
      for (let i = 0; i < ROUNDS; i++) {
        // Each round in the other order, so a slow moment of the machine falls on both sides alike.
        const before = await emailsTo(person.email, purpose);
        const early = i % 2 === 1 ? await timedPost(path, `nobody-${i}-${person.email}`) : undefined;
        const known = await timedPost(path, person.email);
        const nobody = early ?? (await timedPost(path, `nobody-${i}-${person.email}`));
        expect(await emailsTo(person.email, purpose)).toBe(before + 1);
        registered.push(known.ms);
        unknown.push(nobody.ms);
        answers.add(`${known.status} ${known.body}`).add(`${nobody.status} ${nobody.body}`);
      }
      expect([...answers]).toEqual(['202 {"ok":true}']);
      const figures = { registered: median(registered), unknown: median(unknown) };
      expect(figures.registered, JSON.stringify(figures)).toBeLessThanOrEqual(
        RATIO * figures.unknown + MARGIN_MS,
      );
    },
  );
});
