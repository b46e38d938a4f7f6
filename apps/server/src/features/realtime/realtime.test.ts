import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { memoryRateLimiter } from '../../lib/rate-limit.ts';
import { openEventStream } from '../../test-support/event-stream.ts';
import { codeForMovement, seedUser } from '../../test-support/ledger-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';
import { diskFileStore } from '../../uploads/file-store.ts';

describe(`realtime events on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
  });

  const transfer = async (from: { accessToken: string }, toEmail: string, centis: number) => {
    const headers = { authorization: `Bearer ${from.accessToken}` };
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: { destinatario_email: toEmail, quantidade_centis: centis },
    });
    const id = started.json().movimentacao_id as string;
    const codigo = await codeForMovement(t, id);
    await t.app.inject({ method: 'POST', url: `/api/transfers/${id}/verify`, headers, payload: { codigo } });
    return id;
  };

  it('pushes the new balance to both parties, the payee without asking', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const streamA = await openEventStream(`${baseUrl}/api/events`, a.accessToken);
    const streamB = await openEventStream(`${baseUrl}/api/events`, b.accessToken);
    expect(streamB.contentType).toContain('text/event-stream');
    expect((await streamB.next('balance')).data).toMatchObject({ saldo_centis: 10000 });
    await streamA.next('balance');

    const id = await transfer(a, b.email, 1250);
    expect((await streamB.next('transaction')).data).toEqual({ id });
    expect((await streamB.next('balance')).data).toEqual({
      saldo_centis: 11250,
      reservado_centis: 0,
      disponivel_centis: 11250,
    });
    const aBalances = [];
    for (;;) {
      const event = await streamA.next('balance');
      aBalances.push(event.data);
      if ((event.data as { saldo_centis: number }).saldo_centis === 8750) break;
    }
    expect(aBalances.at(-1)).toEqual({ saldo_centis: 8750, reservado_centis: 0, disponivel_centis: 8750 });
    streamA.close();
    streamB.close();
  });

  it('refuses a stream without a valid token', async () => {
    const res = await fetch(`${baseUrl}/api/events`);
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: { code: string } };
    expect(body.error.code).toBe('unauthorized');
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'reaches a client connected to another server process',
    async () => {
      const url = (t.database as { url?: string }).url;
      const otherDatabase = await openDatabase({ databaseUrl: url });
      const other = await buildApp({
        config: t.config,
        database: otherDatabase,
        files: diskFileStore(t.dataDir),
        rateLimiter: memoryRateLimiter(),
      });
      await other.listen({ port: 0, host: '127.0.0.1' });
      try {
        const [a, b] = [await seedUser(t), await seedUser(t)];
        const stream = await openEventStream(
          `http://127.0.0.1:${(other.server.address() as AddressInfo).port}/api/events`,
          b.accessToken,
        );
        await stream.next('balance');
        const id = await transfer(a, b.email, 500);
        expect((await stream.next('transaction')).data).toEqual({ id });
        stream.close();
      } finally {
        await other.close();
        await otherDatabase.close();
      }
    },
  );
});
