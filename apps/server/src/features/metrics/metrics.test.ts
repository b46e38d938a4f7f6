import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../test-support/event-stream.ts';
import { seedUser } from '../../test-support/ledger-fixtures.ts';
import { messagesByStatus } from '../../test-support/outbox-messages.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';
import { sendMoney } from '../../test-support/transfers.ts';
import { createMetrics } from './metrics.ts';

const OPS_TOKEN = 'ops-token-for-the-tests-0123456789abcdef';

type Sample = { name: string; labels: Record<string, string>; value: number };

// The Prometheus text format, one sample a line: name{label="value",…} number
function samplesOf(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = line.match(/^([a-z_:][a-z0-9_:]*)(?:\{(.*)\})? (\S+)$/i);
    if (!match) continue;
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample with this name and (at least) these labels; undefined if none. */
function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

describe(`Prometheus metrics on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OPS_TOKEN });
  });
  afterAll(async () => {
    await t.close();
  });

  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return { text: res.body, samples: samplesOf(res.body) };
  };

  it('refuses /metrics without the bearer of OPS_TOKEN, and keeps it out of the API document', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${OPS_TOKEN}`, OPS_TOKEN]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
      expect(res.body).not.toContain('kreyolcash_');
    }
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });

  it('after a transfer, times its routes by pattern and counts the ledger operations and refusals', async () => {
    const [payer, payee, poor] = [
      await seedUser(t),
      await seedUser(t),
      await seedUser(t, { bonusCentis: 100 }),
    ];
    const movementId = await sendMoney(t, payer, payee, 500);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: { authorization: `Bearer ${poor.accessToken}`, 'idempotency-key': randomUUID() },
      payload: { destinatario_email: payee.email, quantidade_centis: 500 },
    });
    expect(refused.json().error.code).toBe('insufficient_balance');

    const { text, samples } = await scrape();
    const timed = (route: string, statusClass: string) =>
      sampleValue(samples, 'kreyolcash_http_request_duration_seconds_count', {
        route,
        method: 'POST',
        status_class: statusClass,
      });
    expect(timed('/api/transfers', '2xx')).toBe(1);
    expect(timed('/api/transfers', '4xx')).toBe(1);
    expect(timed('/api/transfers/:id/verify', '2xx')).toBe(1);
    // The pattern, never the URL: one series per route whatever the ids.
    expect(text).not.toContain(movementId);

    const operations = (operation: string, outcome: string) =>
      sampleValue(samples, 'kreyolcash_ledger_operations_total', { operation, outcome });
    expect(operations('hold_transfer', 'ok')).toBe(1);
    expect(operations('post_transfer', 'ok')).toBe(1);
    expect(operations('hold_transfer', 'refused')).toBe(1);
    expect(
      sampleValue(samples, 'kreyolcash_ledger_refusals_total', {
        operation: 'hold_transfer',
        code: 'insufficient_balance',
      }),
    ).toBe(1);

    // A quiet server sends each transfer alone: every call carried one item.
    const batches = (phase: string, le?: string) =>
      sampleValue(
        samples,
        le ? 'kreyolcash_ledger_batch_size_bucket' : 'kreyolcash_ledger_batch_size_count',
        { flow: 'transfer', phase, ...(le ? { le } : {}) },
      );
    expect(batches('initiate')).toBe(2);
    expect(batches('initiate', '1')).toBe(2);
    expect(batches('verify')).toBe(1);
  });

  it('reads the outbox queue, its failures and the age of its oldest message when scraped', async () => {
    // One message delivered and one failed for good, beside the transfer's code and notices.
    await t.database.db
      .insertInto('outbox_messages')
      .values(
        (['sent', 'failed'] as const).map((status) => ({
          channel: 'whatsapp' as const,
          recipient: '+50937009999',
          text: 'bonjou',
          purpose: 'test',
          status,
        })),
      )
      .execute();
    const counts = await messagesByStatus(t.database.db);
    expect(counts.pending).toBeGreaterThan(0);
    expect(counts).toMatchObject({ sent: 1, failed: 1 });
    const before = Date.now();
    const { samples } = await scrape();
    expect(sampleValue(samples, 'kreyolcash_outbox_messages', { status: 'pending' })).toBe(counts.pending);
    expect(sampleValue(samples, 'kreyolcash_outbox_messages', { status: 'failed' })).toBe(1);
    // Counting the sent ones would read every message ever sent: the gauge leaves them out.
    expect(sampleValue(samples, 'kreyolcash_outbox_messages', { status: 'sent' })).toBeUndefined();
    const oldest = await t.database.db
      .selectFrom('outbox_messages')
      .select((eb) => eb.fn.min('created_at').as('at'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    const age = sampleValue(samples, 'kreyolcash_outbox_oldest_pending_age_seconds') as number;
    expect(age).toBeGreaterThanOrEqual((before - new Date(oldest.at as Date).getTime()) / 1000 - 1);
    expect(age).toBeLessThan(120);
  });

  it('counts the open event streams', async () => {
    const user = await seedUser(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/events`;
    const streams = [
      await openEventStream(url, user.accessToken),
      await openEventStream(url, user.accessToken),
    ];
    for (const stream of streams) await stream.next('balance');
    expect(sampleValue((await scrape()).samples, 'kreyolcash_event_streams_open')).toBe(2);
    for (const stream of streams) stream.close();
    await expect
      .poll(async () => sampleValue((await scrape()).samples, 'kreyolcash_event_streams_open'))
      .toBe(0);
  });

  it('reports the pool on PostgreSQL, and no pool for PGlite (one in-process connection)', async () => {
    const { samples } = await scrape();
    const pool = (state: string) => sampleValue(samples, 'kreyolcash_db_pool_connections', { state });
    if (testDatabaseKind === 'pglite') {
      expect(samples.some((s) => s.name.startsWith('kreyolcash_db_pool'))).toBe(false);
      return;
    }
    expect(pool('max')).toBe(20);
    const open = (pool('busy') ?? 0) + (pool('idle') ?? 0);
    expect(open).toBeGreaterThan(0);
    expect(open).toBeLessThanOrEqual(20);
    // The scrape's own outbox queries may be waiting for a connection being opened.
    expect(sampleValue(samples, 'kreyolcash_db_pool_waiting_queries')).toBeGreaterThanOrEqual(0);
  });

  it('has every metric the example Grafana dashboard draws', async () => {
    const dashboard = readFileSync(
      new URL('../../../../../docs/grafana-dashboard.json', import.meta.url),
      'utf8',
    );
    const drawn = new Set(
      [...dashboard.matchAll(/kreyolcash_[a-z0-9_]+/g)].map((m) => m[0].replace(/_(bucket|sum|count)$/, '')),
    );
    // Process figures are off in tests (see createMetrics); the pool exists on PostgreSQL only.
    const withProcess = await createMetrics({ processMetrics: true }).registry.metrics();
    const served = new Set(
      [...`${(await scrape()).text}\n${withProcess}`.matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]),
    );
    const missing = [...drawn].filter(
      (name) =>
        !served.has(name) && !(testDatabaseKind === 'pglite' && name.startsWith('kreyolcash_db_pool_')),
    );
    expect(missing).toEqual([]);
    expect(drawn.size).toBeGreaterThan(10);
  });
});
