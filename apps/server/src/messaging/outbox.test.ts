import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { messagesByStatus } from '../test-support/outbox-messages.ts';
import { openTestDatabase, testDatabaseKind } from '../test-support/test-database.ts';
import { until } from '../test-support/until.ts';
import { TestWhatsAppGateway } from '../test-support/whatsapp-gateway.ts';
import { countPendingAndFailed, leaseDueMessages, requeueFailed } from './outbox.repository.ts';
import { enqueue, type NewOutboxMessage } from './outbox.ts';
import { OutboxRetention } from './outbox-retention.ts';
import { backoffMs, OutboxWorker, type OutboxWorkerOptions } from './outbox-worker.ts';
import { devOutboxTransport, whatsappGatewayTransport } from './transports.ts';

const DAY_MS = 24 * 60 * 60_000;

const whatsapp = (recipient: string, text: string): NewOutboxMessage => ({
  channel: 'whatsapp',
  recipient,
  text,
  purpose: 'test',
});

describe(`outbox on ${testDatabaseKind}`, () => {
  let database: Database;
  let gateway: TestWhatsAppGateway;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.db.deleteFrom('outbox_messages').execute();
    gateway = new TestWhatsAppGateway();
    await gateway.start();
  });
  afterEach(async () => {
    await gateway.stop();
  });

  const workerFor = (options: Omit<OutboxWorkerOptions, 'db' | 'transports'> = {}) =>
    new OutboxWorker({
      db: database.db,
      transports: {
        whatsapp: whatsappGatewayTransport({
          url: gateway.url,
          token: 'secret-token',
          sendPath: '/send-message',
          timeoutMs: 30_000,
        }),
        email: devOutboxTransport,
      },
      baseBackoffMs: 1,
      maxBackoffMs: 5,
      ...options,
    });

  const enqueueAll = (messages: NewOutboxMessage[]) =>
    database.db.transaction().execute(async (trx) => {
      for (const message of messages) await enqueue(trx, message);
    });

  // Delivers until nothing is pending, however long the retries' backoff takes on a busy machine.
  const drainUntilQuiet = (worker: OutboxWorker) =>
    until('every message delivered or failed for good', async () => {
      if ((await messagesByStatus(database.db)).pending === 0) return true;
      await worker.drain();
      return false;
    });

  it('runs its feed beside the deliveries, again soon while it finds something, and sends what it queued', async () => {
    let fed = 0;
    const worker = workerFor({
      // Three rounds find a message each; a failing one is logged and the worker goes on.
      feed: async () => {
        fed += 1;
        if (fed === 2) throw new Error('feed down');
        if (fed > 4) return false;
        await enqueueAll([whatsapp('+50937005555', `Avi ${fed}`)]);
        return true;
      },
      feedEveryMs: 5,
      pollIntervalMs: 20,
    });
    worker.start();
    try {
      await until('three fed messages delivered', () => gateway.requests.length === 3);
    } finally {
      await worker.stop();
    }
    const fedAtStop = fed;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(fed).toBe(fedAtStop);
    expect(gateway.requests.map((r) => r.body)).toEqual(
      [1, 3, 4].map((n) => ({ jid: '+50937005555', message: `Avi ${n}` })),
    );
  });

  it('sends the gateway exactly the contract: POST send-message, Authorization, {jid, message}', async () => {
    await enqueueAll([whatsapp('+50937001234', 'Kòd ou se 123456')]);
    await workerFor().drain();
    expect(gateway.requests).toHaveLength(1);
    const [request] = gateway.requests;
    expect(request?.path).toBe('/send-message');
    expect(request?.headers.authorization).toBe('secret-token');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({ jid: '+50937001234', message: 'Kòd ou se 123456' });
    const row = await database.db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(row.sent_at).toBeInstanceOf(Date);
  });

  it('retries after three 500 answers and delivers the message once', async () => {
    let calls = 0;
    gateway.respond = () => (++calls <= 3 ? 500 : 200);
    await enqueueAll([whatsapp('+50937000001', 'hello')]);
    await drainUntilQuiet(workerFor());
    expect(gateway.requests.map((r) => r.status)).toEqual([500, 500, 500, 200]);
    expect(gateway.delivered()).toHaveLength(1);
    const row = await database.db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 4 });
  });

  it('marks a message failed with its last error after the attempt cap, and keeps it', async () => {
    gateway.respond = () => 503;
    await enqueueAll([whatsapp('+50937000002', 'never')]);
    await drainUntilQuiet(workerFor({ maxAttempts: 3 }));
    const row = await database.db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(3);
    expect(row.last_error).toMatch(/503/);
    expect(await countPendingAndFailed(database.db)).toEqual({ pending: 0, failed: 1 });
    expect(await requeueFailed(database.db)).toBe(1);
    expect(await countPendingAndFailed(database.db)).toEqual({ pending: 1, failed: 0 });
    gateway.respond = () => 200;
    await drainUntilQuiet(workerFor());
    expect(await messagesByStatus(database.db)).toEqual({ pending: 0, sent: 1, failed: 0 });
  });

  it('loses nothing while the gateway is down and delivers in order per recipient when it is back', async () => {
    await gateway.stop();
    const messages = Array.from({ length: 12 }, (_, i) =>
      whatsapp(i % 2 ? '+50930000002' : '+50930000001', `m${i}`),
    );
    await enqueueAll(messages);
    const worker = workerFor({ maxAttempts: 100 });
    await worker.drain();
    expect((await messagesByStatus(database.db)).pending).toBe(12);
    await gateway.start();
    await drainUntilQuiet(worker);
    expect(await messagesByStatus(database.db)).toEqual({ pending: 0, sent: 12, failed: 0 });
    const received = (jid: string) =>
      gateway
        .delivered()
        .filter((r) => r.body.jid === jid)
        .map((r) => r.body.message);
    expect(received('+50930000001')).toEqual(['m0', 'm2', 'm4', 'm6', 'm8', 'm10']);
    expect(received('+50930000002')).toEqual(['m1', 'm3', 'm5', 'm7', 'm9', 'm11']);
  });

  describe('a recipient with many messages waiting', () => {
    const busy = '+50932000001';
    const quiet = '+50932000002';
    const sentTo = (jid: string) =>
      gateway
        .delivered()
        .filter((r) => r.body.jid === jid)
        .map((r) => r.body.message);
    const rowsOf = (recipient: string) =>
      database.db
        .selectFrom('outbox_messages')
        .select(['text', 'status', 'attempts', 'lease_until'])
        .where('recipient', '=', recipient)
        .orderBy('id')
        .execute();

    it('gets up to perRecipient of them a lease, one after another in their order', async () => {
      await enqueueAll([
        ...Array.from({ length: 25 }, (_, i) => whatsapp(busy, `b${i}`)),
        whatsapp(quiet, 'q0'),
      ]);
      // Each answer to the busy phone takes a moment: a send to it while another is on its way
      // would be seen.
      let onTheirWay = 0;
      let overlapped = false;
      gateway.respond = async (request) => {
        if (request.body.jid !== busy) return 200;
        if (onTheirWay > 0) overlapped = true;
        onTheirWay += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        onTheirWay -= 1;
        return 200;
      };
      const worker = workerFor({ perRecipient: 10 });
      expect(await worker.runOnce()).toBe(11);
      expect(sentTo(busy)).toEqual(Array.from({ length: 10 }, (_, i) => `b${i}`));
      expect(await worker.runOnce()).toBe(10);
      expect(await worker.runOnce()).toBe(5);
      expect(await worker.runOnce()).toBe(0);
      expect(sentTo(busy)).toEqual(Array.from({ length: 25 }, (_, i) => `b${i}`));
      expect(sentTo(quiet)).toEqual(['q0']);
      expect(overlapped).toBe(false);
      expect((await rowsOf(busy)).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    });

    it('go one after another without waiting for the one before to be marked sent', async () => {
      await enqueueAll(Array.from({ length: 10 }, (_, i) => whatsapp(busy, `b${i}`)));
      const sent: string[] = [];
      const worker = new OutboxWorker({
        db: database.db,
        transports: {
          whatsapp: { name: 'instant', send: async (message) => void sent.push(message.text) },
          email: devOutboxTransport,
        },
        perRecipient: 10,
      });
      expect(await worker.runOnce()).toBe(10);
      expect(sent).toEqual(Array.from({ length: 10 }, (_, i) => `b${i}`));
      // The ten sends end in one turn of the event loop, so their marks leave as one update. A
      // send that waited for the mark before it took ten.
      expect(worker.sentMarks.sent).toEqual({ calls: 1, items: 10, rolledBack: 0 });
      expect((await rowsOf(busy)).map((row) => row.status)).toEqual(Array(10).fill('sent'));
    });

    it('send one whose mark failed again once its lease runs out: repeated, never lost', async () => {
      await enqueueAll(['b0', 'b1', 'b2'].map((text) => whatsapp(busy, text)));
      // The database refuses the one update that marks b1 sent.
      await sql`create function outbox_test_refuse_mark() returns trigger language plpgsql as $$
        begin
          if new.status = 'sent' and new.text = 'b1' then raise exception 'mark refused'; end if;
          return new;
        end $$`.execute(database.db);
      await sql`create trigger outbox_test_refuse_mark before update on outbox_messages
        for each row execute function outbox_test_refuse_mark()`.execute(database.db);
      const logged: string[] = [];
      const logger = {
        info: () => {},
        warn: () => {},
        error: (...args: unknown[]) => void logged.push(String(args.at(-1))),
      };
      const worker = workerFor({ perRecipient: 10, leaseMs: 5_000, logger });
      try {
        expect(await worker.runOnce()).toBe(3);
      } finally {
        await sql`drop trigger outbox_test_refuse_mark on outbox_messages`.execute(database.db);
        await sql`drop function outbox_test_refuse_mark()`.execute(database.db);
      }
      expect(sentTo(busy)).toEqual(['b0', 'b1', 'b2']);
      expect((await rowsOf(busy)).map((row) => row.status)).toEqual(['sent', 'pending', 'sent']);
      expect(logged).toEqual(['outbox mark failed; sent again after its lease']);
      await until('the unmarked message is sent again', async () => {
        await worker.runOnce();
        return sentTo(busy).length === 4;
      });
      expect(sentTo(busy)).toEqual(['b0', 'b1', 'b2', 'b1']);
      expect((await rowsOf(busy)).map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    });

    it('are leased again at once while the recipient fills its share of a lease', async () => {
      await enqueueAll([
        ...Array.from({ length: 25 }, (_, i) => whatsapp(busy, `b${i}`)),
        whatsapp(quiet, 'q0'),
      ]);
      // Two recipients are far from a full lease of twenty, and a lease that was not full waits
      // ten minutes: only a lease that gave the busy phone its ten goes on at once.
      const worker = workerFor({ perRecipient: 10, gatherMs: 10 * 60_000, pollIntervalMs: 20 });
      worker.start();
      try {
        await until('the busy phone has all its messages', async () => sentTo(busy).length === 25);
        expect(sentTo(busy)).toEqual(Array.from({ length: 25 }, (_, i) => `b${i}`));
        expect(sentTo(quiet)).toEqual(['q0']);
      } finally {
        await worker.stop();
      }
    });

    it('holds back the ones after a failed message, unsent and unleased, their attempt not counted', async () => {
      await enqueueAll(Array.from({ length: 5 }, (_, i) => whatsapp(busy, `b${i}`)));
      let refused = false;
      gateway.respond = (request) => {
        if (request.body.message !== 'b2' || refused) return 200;
        refused = true;
        return 500;
      };
      const worker = workerFor({ perRecipient: 10, baseBackoffMs: 60_000, maxBackoffMs: 60_000 });
      expect(await worker.runOnce()).toBe(5);
      expect(sentTo(busy)).toEqual(['b0', 'b1']);
      expect(await rowsOf(busy)).toEqual([
        { text: 'b0', status: 'sent', attempts: 1, lease_until: null },
        { text: 'b1', status: 'sent', attempts: 1, lease_until: null },
        { text: 'b2', status: 'pending', attempts: 1, lease_until: null },
        { text: 'b3', status: 'pending', attempts: 0, lease_until: null },
        { text: 'b4', status: 'pending', attempts: 0, lease_until: null },
      ]);
      // b2 waits for its retry, and the two after it wait for b2.
      expect(await worker.runOnce()).toBe(0);
      await database.db.updateTable('outbox_messages').set({ next_attempt_at: sql`now()` }).execute();
      await drainUntilQuiet(worker);
      expect(sentTo(busy)).toEqual(['b0', 'b1', 'b2', 'b3', 'b4']);
    });

    it('wait for a failed message until its retry, and go at once after it when it fails for good', async () => {
      await enqueueAll([
        whatsapp(busy, 'b0'),
        whatsapp(busy, 'b1'),
        whatsapp(busy, 'b2'),
        whatsapp(quiet, 'q0'),
      ]);
      gateway.respond = (request) => (request.body.message === 'b0' ? 500 : 200);
      const worker = workerFor({
        perRecipient: 10,
        maxAttempts: 2,
        baseBackoffMs: 60_000,
        maxBackoffMs: 60_000,
      });
      expect(await worker.runOnce()).toBe(4);
      expect(sentTo(quiet)).toEqual(['q0']);
      const waiting = await database.db
        .selectFrom('outbox_messages')
        .select(['text', 'attempts', 'lease_until', sql<boolean>`next_attempt_at > now()`.as('later')])
        .select(sql<string>`next_attempt_at::text`.as('next'))
        .where('recipient', '=', busy)
        .orderBy('id')
        .execute();
      // b0's retry is a minute away; b1 and b2 take that instant: they cannot go before it.
      expect(waiting.map(({ next: _, ...row }) => row)).toEqual([
        { text: 'b0', attempts: 1, lease_until: null, later: true },
        { text: 'b1', attempts: 0, lease_until: null, later: true },
        { text: 'b2', attempts: 0, lease_until: null, later: true },
      ]);
      expect(new Set(waiting.map((row) => row.next)).size).toBe(1);
      // Another phone's messages are not held by it.
      await enqueueAll([whatsapp(quiet, 'q1')]);
      expect(await worker.runOnce()).toBe(1);
      // The minute passes: b0 is tried again with the two after it, and fails for good. They then
      // go in the next lease, as soon as it comes.
      await database.db
        .updateTable('outbox_messages')
        .set({ next_attempt_at: sql`next_attempt_at - interval '1 minute'` })
        .where('recipient', '=', busy)
        .execute();
      expect(await worker.runOnce()).toBe(3);
      expect(await messagesByStatus(database.db)).toEqual({ pending: 2, sent: 2, failed: 1 });
      expect(await worker.runOnce()).toBe(2);
      expect(sentTo(busy)).toEqual(['b1', 'b2']);
    });

    it('are left alone by a worker of the release before, which leases one message a recipient', async () => {
      await enqueueAll([whatsapp(busy, 'b0'), whatsapp(busy, 'b1'), whatsapp(busy, 'b2')]);
      const held = await leaseDueMessages(database.db, { limit: 10, leaseMs: 600_000, perRecipient: 2 });
      expect(held.map((m) => m.text)).toEqual(['b0', 'b1']);
      await enqueueAll([whatsapp(quiet, 'q0')]);
      // Migration 0029's lease, as that release's workers call it during a rollout.
      const { rows } = await sql<{ text: string }>`select text from outbox_arrendar(10, 600000)`.execute(
        database.db,
      );
      expect(rows.map((row) => row.text)).toEqual(['q0']);
    });

    it('leaves the later ones to the next lease once half of the lease is spent', async () => {
      await enqueueAll([
        whatsapp(busy, 'b0'),
        whatsapp(busy, 'b1'),
        whatsapp(busy, 'b2'),
        whatsapp(quiet, 'q0'),
      ]);
      // The first answer comes after half of a 2 ms lease.
      gateway.respond = async (request) => {
        if (request.body.message === 'b0') await new Promise((resolve) => setTimeout(resolve, 10));
        return 200;
      };
      const worker = workerFor({ perRecipient: 10, leaseMs: 2 });
      expect(await worker.runOnce()).toBe(4);
      expect(sentTo(busy)).toEqual(['b0']);
      expect(sentTo(quiet)).toEqual(['q0']);
      expect(
        (await rowsOf(busy)).map((row) => [row.text, row.status, row.attempts, row.lease_until]),
      ).toEqual([
        ['b0', 'sent', 1, null],
        ['b1', 'pending', 0, null],
        ['b2', 'pending', 0, null],
      ]);
      await drainUntilQuiet(workerFor({ perRecipient: 10 }));
      expect(sentTo(busy)).toEqual(['b0', 'b1', 'b2']);
    });
  });

  it('marks the messages whose sends end together as sent in one update, and each of them only once sent', async () => {
    const recipients = Array.from({ length: 8 }, (_, i) => `+5093100000${i}`);
    await enqueueAll(recipients.map((recipient) => whatsapp(recipient, 'bonjou')));
    // The gateway answers every send of the batch at once, once all have reached it.
    const arrived: (() => void)[] = [];
    const failing = '+50931000003';
    const worker = new OutboxWorker({
      db: database.db,
      transports: {
        whatsapp: {
          name: 'together',
          send: (message) =>
            new Promise<void>((resolve, reject) => {
              arrived.push(() => (message.recipient === failing ? reject(new Error('refused')) : resolve()));
              if (arrived.length === recipients.length) for (const answer of arrived) answer();
            }),
        },
        email: devOutboxTransport,
      },
    });
    expect(await worker.runOnce()).toBe(recipients.length);
    const rows = await database.db.selectFrom('outbox_messages').select(['recipient', 'status']).execute();
    expect(
      rows
        .filter((row) => row.status === 'sent')
        .map((row) => row.recipient)
        .sort(),
    ).toEqual(recipients.filter((recipient) => recipient !== failing));
    expect(rows.find((row) => row.recipient === failing)?.status).toBe('pending');
    // The seven sends were answered in one turn of the event loop: their marks leave as one.
    expect(worker.sentMarks.sent).toEqual({ calls: 1, items: 7, rolledBack: 0 });
  });

  it('renders a templated message in its language just before sending it', async () => {
    await enqueueAll([
      {
        channel: 'whatsapp',
        recipient: '+50937000010',
        purpose: 'transfer_done',
        template: 'transfer_received',
        params: { valor_centis: 123_456, pagador: 'Jean Pierre' },
        idioma: 'pt-BR',
      },
      {
        channel: 'whatsapp',
        recipient: '+50937000011',
        purpose: 'transfer_done',
        template: 'transfer_received',
        params: { valor_centis: 123_456, pagador: 'Jean Pierre' },
        idioma: 'ht',
      },
    ]);
    const stored = await database.db.selectFrom('outbox_messages').selectAll().orderBy('id').execute();
    expect(stored.map((row) => [row.text, row.params])).toEqual([
      [null, { valor_centis: 123_456, pagador: 'Jean Pierre' }],
      [null, { valor_centis: 123_456, pagador: 'Jean Pierre' }],
    ]);
    await workerFor().drain();
    expect(gateway.delivered().map((r) => r.body)).toEqual([
      { jid: '+50937000010', message: 'KreyolCash: você recebeu ₭ 1.234,56 de Jean Pierre.' },
      { jid: '+50937000011', message: 'KreyolCash: ou resevwa ₭ 1.234,56 nan men Jean Pierre.' },
    ]);
    expect(await messagesByStatus(database.db)).toEqual({ pending: 0, sent: 2, failed: 0 });
  });

  it('fails, like a failed send, a message with an unknown template or a missing parameter', async () => {
    // As a ledger SQL function of a newer (or broken) release could write them.
    await database.db
      .insertInto('outbox_messages')
      .values([
        {
          channel: 'whatsapp',
          recipient: '+50937000020',
          purpose: 'test',
          template: 'no_such_template',
          params: '{}',
        },
        {
          channel: 'whatsapp',
          recipient: '+50937000021',
          purpose: 'transfer_code',
          template: 'transfer_code',
          params: JSON.stringify({ valor_centis: 1_000, recebedor: 'Rose', validade_min: 15 }),
          idioma: 'fr',
        },
      ])
      .execute();
    await enqueueAll([whatsapp('+50937000022', 'still delivered')]);
    const worker = workerFor({ maxAttempts: 2 });
    expect(await worker.runOnce()).toBe(3);
    const afterOne = await database.db.selectFrom('outbox_messages').selectAll().orderBy('id').execute();
    expect(afterOne.map((row) => [row.status, row.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
      ['sent', 1],
    ]);
    expect(afterOne[0]?.last_error).toBe('unknown template "no_such_template"');
    expect(afterOne[1]?.last_error).toMatch(/^template transfer_code: codigo: /);

    await drainUntilQuiet(worker);
    const rows = await database.db.selectFrom('outbox_messages').selectAll().orderBy('id').execute();
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['failed', 2],
      ['failed', 2],
      ['sent', 1],
    ]);
    expect(gateway.requests.map((r) => r.body.jid)).toEqual(['+50937000022']);
  });

  it('never sends a message whose transaction rolled back', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await enqueue(trx, whatsapp('+50937000003', 'rolled back'));
        throw new Error('the money change failed');
      }),
    ).rejects.toThrow('the money change failed');
    await workerFor().drain();
    expect(gateway.requests).toHaveLength(0);
    expect(await database.db.selectFrom('outbox_messages').selectAll().execute()).toEqual([]);
  });

  it('sends again a message whose worker died holding it, once its lease runs out', async () => {
    await enqueueAll([whatsapp('+50937000005', 'orphaned')]);
    // A worker leases the row and dies before recording anything.
    const leased = await leaseDueMessages(database.db, { limit: 10, leaseMs: 600_000, perRecipient: 10 });
    expect(leased).toHaveLength(1);
    await workerFor().drain();
    expect(gateway.requests).toHaveLength(0);
    // The lease runs out: its end is moved into the past rather than waited for, so a slow
    // machine can neither outlast a short lease before the first drain nor need a long sleep.
    await database.db
      .updateTable('outbox_messages')
      .set({ lease_until: sql`now() - interval '1 second'` })
      .execute();
    await workerFor().drain();
    expect(gateway.delivered().map((r) => r.body.message)).toEqual(['orphaned']);
    const row = await database.db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('counts a gateway timeout as a failed attempt', async () => {
    gateway.respond = () => new Promise((resolve) => setTimeout(() => resolve(200), 1500));
    await enqueueAll([whatsapp('+50937000004', 'slow')]);
    const worker = new OutboxWorker({
      db: database.db,
      transports: {
        whatsapp: whatsappGatewayTransport({
          url: gateway.url,
          token: undefined,
          sendPath: '/send-message',
          timeoutMs: 100,
        }),
        email: devOutboxTransport,
      },
      baseBackoffMs: 60_000,
    });
    await worker.drain();
    const row = await database.db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toMatch(/abort|timeout/i);
  });

  it('leases again at once while batches come full, and pauses after one that was not', async () => {
    const recipients = ['+50931000011', '+50931000012', '+50931000013', '+50931000014', '+50931000015'];
    await enqueueAll(recipients.map((recipient) => whatsapp(recipient, 'bonjou')));
    // An empty queue is polled at once; a batch that was not full waits ten minutes.
    const worker = new OutboxWorker({
      db: database.db,
      transports: { whatsapp: devOutboxTransport, email: devOutboxTransport },
      batchSize: 2,
      gatherMs: 10 * 60_000,
      pollIntervalMs: 20,
    });
    worker.start();
    try {
      // Two full batches and the last message: none waited for a pause.
      await until('the backlog is sent', async () => (await messagesByStatus(database.db)).sent === 5);
      await enqueueAll([whatsapp('+50931000016', 'bonjou')]);
      // The last batch held one message: the worker waits before it leases again, where it used to
      // lease at once and, finding nothing, poll again 20 ms later.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await messagesByStatus(database.db)).toMatchObject({ sent: 5, pending: 1 });
    } finally {
      await worker.stop();
    }
  });

  describe('sent messages past their retention', () => {
    /** A message written `daysAgo` days before `now`, in this status; its id. */
    const message = async (
      now: Date,
      daysAgo: number,
      status: 'pending' | 'sent' | 'failed',
      text: string,
    ) => {
      const at = new Date(now.getTime() - daysAgo * DAY_MS);
      const row = await database.db
        .insertInto('outbox_messages')
        .values({
          channel: 'whatsapp',
          recipient: '+50937000001',
          text,
          purpose: 'transfer_code',
          status,
          created_at: at,
          sent_at: status === 'sent' ? at : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const texts = async () =>
      (await database.db.selectFrom('outbox_messages').select('text').orderBy('id').execute()).map(
        (r) => r.text,
      );

    it('deletes the messages sent before the retention period and keeps the rest', async () => {
      const now = new Date();
      await message(now, 31, 'sent', 'old sent');
      await message(now, 30.5, 'sent', 'just past');
      await message(now, 29.9, 'sent', 'within');
      await message(now, 45, 'failed', 'old failed');
      await message(now, 45, 'pending', 'old pending');
      await message(now, 0, 'sent', 'today');
      const retention = new OutboxRetention(database.db, { retentionDays: 30 });
      expect(await retention.purge(now)).toBe(2);
      expect(await texts()).toEqual(['within', 'old failed', 'old pending', 'today']);
      expect(await retention.purge(now)).toBe(0);
    });

    it('deletes a backlog larger than one batch, every row of it', async () => {
      const now = new Date();
      await sql`insert into outbox_messages (channel, recipient, text, purpose, status, created_at, sent_at)
                select 'whatsapp', '+50937000002', 'old ' || n, 'transfer_code', 'sent',
                       ${now}::timestamptz - interval '40 days', ${now}::timestamptz - interval '40 days'
                  from generate_series(1, 2500) as n`.execute(database.db);
      await message(now, 1, 'sent', 'recent');
      expect(await new OutboxRetention(database.db, { retentionDays: 30 }).purge(now)).toBe(2500);
      expect(await texts()).toEqual(['recent']);
    });

    it('runs on its interval once started, and stops', async () => {
      const now = new Date();
      await message(now, 40, 'sent', 'old');
      const retention = new OutboxRetention(database.db, { retentionDays: 30, intervalMs: 20 });
      retention.start();
      await until('the old message deleted', async () => (await texts()).length === 0);
      await retention.stop();
      expect(await texts()).toEqual([]);
    });
  });
});

describe('backoffMs', () => {
  it('doubles from the base and stops at the cap', () => {
    expect([1, 2, 3, 4, 10].map((n) => backoffMs(n, 1000, 5000))).toEqual([1000, 2000, 4000, 5000, 5000]);
  });
});
