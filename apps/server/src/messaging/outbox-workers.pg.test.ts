import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { messagesByStatus } from '../test-support/outbox-messages.ts';
import { openTestDatabase, type TestDatabase, testDatabaseKind } from '../test-support/test-database.ts';
import { TestWhatsAppGateway } from '../test-support/whatsapp-gateway.ts';
import { enqueue } from './outbox.ts';
import { OutboxWorker } from './outbox-worker.ts';
import { devOutboxTransport, whatsappGatewayTransport } from './transports.ts';

// Several workers, several processes: only meaningful on a PostgreSQL server (PGlite runs one).
describe.runIf(testDatabaseKind === 'postgres')('outbox workers on PostgreSQL', () => {
  let database: TestDatabase;
  const gateway = new TestWhatsAppGateway();
  const databaseUrl = () => database.url ?? '';

  beforeAll(async () => {
    database = await openTestDatabase();
    await gateway.start();
  });
  afterAll(async () => {
    await gateway.stop();
    await database.close();
  });
  beforeEach(async () => {
    await database.db.deleteFrom('outbox_messages').execute();
    gateway.requests.length = 0;
    gateway.respond = () => 200;
  });
  afterEach(() => {
    gateway.respond = () => 200;
  });

  const transports = () => ({
    whatsapp: whatsappGatewayTransport({ url: gateway.url, token: 't', sendPath: '/send-message' }),
    email: devOutboxTransport,
  });

  it("two workers running at once send every message exactly once, each phone's in order", async () => {
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 200; i++) {
        await enqueue(trx, {
          channel: 'whatsapp',
          recipient: `+5093000${String(i % 40).padStart(4, '0')}`,
          text: `m${i}`,
          purpose: 'test',
        });
      }
    });
    gateway.respond = () => new Promise((resolve) => setTimeout(() => resolve(200), 2));
    const second = await openDatabase({ databaseUrl: databaseUrl() });
    try {
      const a = new OutboxWorker({ db: database.db, transports: transports(), batchSize: 5 });
      const b = new OutboxWorker({ db: second.db, transports: transports(), batchSize: 5 });
      await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    } finally {
      await second.close();
    }
    const texts = gateway.requests.map((r) => r.body.message).sort();
    expect(texts).toHaveLength(200);
    expect(new Set(texts).size).toBe(200);
    // Each phone's five messages, several to a lease, in the order they were written.
    const numbers = (jid: string) =>
      gateway.requests.filter((r) => r.body.jid === jid).map((r) => Number(String(r.body.message).slice(1)));
    for (let phone = 0; phone < 40; phone++) {
      const sent = numbers(`+5093000${String(phone).padStart(4, '0')}`);
      expect(sent).toEqual([0, 1, 2, 3, 4].map((k) => phone + 40 * k));
    }
    expect(await messagesByStatus(database.db)).toEqual({ pending: 0, sent: 200, failed: 0 });
  });

  it('sends again, after a restart, a message whose worker process died mid-delivery', async () => {
    await database.db.transaction().execute((trx) =>
      enqueue(trx, {
        channel: 'whatsapp',
        recipient: '+50937009999',
        text: 'survives a crash',
        purpose: 'test',
      }),
    );
    // The gateway holds the first request open: the worker process is then killed mid-delivery.
    let release: (status: number) => void = () => {};
    let received: () => void = () => {};
    const firstArrived = new Promise<void>((resolve) => {
      received = resolve;
    });
    gateway.respond = () =>
      new Promise<number>((resolve) => {
        release = resolve;
        received();
      });
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(new URL('../test-support/outbox-worker-process.ts', import.meta.url)),
      ],
      {
        env: {
          ...process.env,
          WORKER_DATABASE_URL: databaseUrl(),
          WORKER_GATEWAY_URL: gateway.url,
          WORKER_LEASE_MS: '600000',
        },
        stdio: 'inherit',
      },
    );
    await firstArrived;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    release(200);
    gateway.respond = () => 200;
    const pending = await database.db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
    expect(pending.status).toBe('pending');

    // The dead worker's lease runs out: its end is moved into the past rather than waited for.
    await database.db
      .updateTable('outbox_messages')
      .set({ lease_until: sql`now() - interval '1 second'` })
      .execute();
    await new OutboxWorker({ db: database.db, transports: transports() }).drain();
    const row = await database.db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(
      gateway.requests.filter((r) => r.body.message === 'survives a crash').length,
    ).toBeGreaterThanOrEqual(1);
  });
});
