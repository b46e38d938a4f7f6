import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { CallBatcher } from '../lib/call-batcher.ts';
import {
  leaseDueMessages,
  markAttemptFailed,
  markSent,
  type OutboxMessage,
  releaseUnsent,
} from './outbox.repository.ts';
import { contentOf } from './render.ts';
import type { Transports } from './transports.ts';

export type OutboxWorkerOptions = {
  db: Kysely<DB>;
  transports: Transports;
  /**
   * Queues messages derived from other records (the postings' notices), in a loop of its own
   * beside the deliveries: again after feedEveryMs while it finds something (true), after
   * pollIntervalMs when not. A failure is logged and retried after pollIntervalMs.
   */
  feed?: () => Promise<boolean>;
  logger?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  pollIntervalMs?: number;
  /** After a batch that was not full: the pause that lets the next one gather. */
  gatherMs?: number;
  /** Between two calls of the feed while it finds something: each call has a cost of its own. */
  feedEveryMs?: number;
  /** Recipients per lease. */
  batchSize?: number;
  /** Messages per recipient per lease, sent one after another in their order. */
  perRecipient?: number;
  leaseMs?: number;
  maxAttempts?: number;
  baseBackoffMs?: number;
  maxBackoffMs?: number;
};

const DEFAULTS = {
  pollIntervalMs: 500,
  gatherMs: 50,
  feedEveryMs: 200,
  batchSize: 20,
  perRecipient: 10,
  leaseMs: 60_000,
  maxAttempts: 8,
  baseBackoffMs: 2_000,
  maxBackoffMs: 15 * 60_000,
};

// A feed kept from finishing (a transaction in flight elsewhere) holds a drain for at most about a
// second; the pause lets the transactions it waits for end.
const MAX_FEED_CALLS_PER_DRAIN = 20;
const FEED_PAUSE_IN_DRAIN_MS = 50;

/** Exponential backoff: base, 2×base, 4×base, … capped. */
export function backoffMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delivers queued messages: leases a batch, renders each (its template, in the recipient's
 * language, or its text as written), sends it through its channel's transport, and records the
 * outcome. A message that cannot be rendered fails its attempt like a failed send. After
 * `maxAttempts` failures a row becomes `failed` with its last error and stays for an operator
 * (`npm run outbox:retry`); sent rows are deleted after the retention period (OutboxRetention).
 */
export class OutboxWorker {
  private readonly options: Required<Omit<OutboxWorkerOptions, 'logger' | 'feed'>> &
    Pick<OutboxWorkerOptions, 'logger' | 'feed'>;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private feedTimer: NodeJS.Timeout | undefined;
  private feeding: Promise<void> | undefined;
  private isStopped = true;
  // Each message is marked sent as soon as its send returns, and marks that come while one is on
  // its way leave together: a batch's sends end close together, and one update per message was
  // most of the delivery's cost to the database (three messages per transfer).
  readonly sentMarks: CallBatcher<number, void>;

  constructor(options: OutboxWorkerOptions) {
    this.options = { ...DEFAULTS, ...options };
    const { db } = this.options;
    this.sentMarks = new CallBatcher<number, void>({
      runMany: async (ids) => {
        await markSent(db, ids);
        return ids.map(() => undefined);
      },
      runOne: (id) => markSent(db, [id]),
      lanes: 1,
      maxBatch: 100,
    });
  }

  start(): void {
    this.isStopped = false;
    this.schedule(0);
    this.scheduleFeed(0);
  }

  /** Finishes the delivery in progress, then stops. */
  async stop(): Promise<void> {
    this.isStopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.feedTimer);
    await Promise.all([this.running, this.feeding]);
  }

  /**
   * Runs the feed until it finds nothing more (usually two calls: each derives what the call before
   * it saw; at most about a second), then delivers every due message, batch after batch; returns how many were
   * handled.
   */
  async drain(): Promise<number> {
    await this.feedUntilQuiet();
    let handled = 0;
    for (;;) {
      const batch = await this.runOnce();
      if (batch === 0) return handled;
      handled += batch;
    }
  }

  /** Leases and delivers one batch; answers how many messages it held. */
  async runOnce(): Promise<number> {
    return (await this.deliverBatch()).messages;
  }

  // A batch holds each of its recipients' next messages in their order: the recipients are served
  // side by side, so a slow one does not hold up the others, and each one's messages one after
  // another, so each recipient receives them in order. It is full when it took as many recipients
  // as a lease takes, or as many messages of one recipient as a lease gives one: more may wait.
  private async deliverBatch(): Promise<{ messages: number; full: boolean }> {
    const { db, batchSize, leaseMs, perRecipient } = this.options;
    const messages = await leaseDueMessages(db, { limit: batchSize, leaseMs, perRecipient });
    const queues = byRecipient(messages);
    const deadline = Date.now() + leaseMs / 2;
    await Promise.all(queues.map((queue) => this.deliverInOrder(queue, deadline)));
    const full = queues.length >= batchSize || queues.some((queue) => queue.length >= perRecipient);
    return { messages: messages.length, full };
  }

  // After a failed message the recipient's later ones wait for it; past half the lease they wait
  // for the next lease rather than risk it running out while they are sent (another worker could
  // then send them too). Either way they go back to the queue unsent. A message is marked sent
  // while the next one goes, and the recipient's queue ends once all its marks have landed: the
  // order the recipient sees is the sends', and a message sent but never marked is sent again once
  // its lease runs out, as after a crash.
  private async deliverInOrder(queue: OutboxMessage[], deadline: number): Promise<void> {
    const marks: Promise<void>[] = [];
    try {
      for (const [k, message] of queue.entries()) {
        const canSend = k === 0 || Date.now() < deadline;
        if (!canSend || !(await this.deliver(message))) {
          const rest = queue.slice(canSend ? k + 1 : k).map((m) => m.id);
          await releaseUnsent(this.options.db, rest).catch((error: unknown) =>
            // Unreleased, they wait for their lease to run out: later, never out of order.
            this.options.logger?.error({ err: error }, 'outbox release failed'),
          );
          return;
        }
        marks.push(this.markSent(message));
      }
    } finally {
      await Promise.all(marks);
    }
  }

  private markSent(message: OutboxMessage): Promise<void> {
    return this.sentMarks
      .run(message.id)
      .catch((error: unknown) =>
        this.options.logger?.error(
          { err: error, outboxId: message.id },
          'outbox mark failed; sent again after its lease',
        ),
      );
  }

  // Beside the deliveries rather than before each lease: a feed waits on the database, and a
  // longer round of the worker lengthens the queue that each lease walks.
  private scheduleFeed(delayMs: number): void {
    if (this.isStopped || !this.options.feed) return;
    this.feedTimer = setTimeout(() => {
      this.feeding = this.runFeed().then((found) =>
        this.scheduleFeed(found ? this.options.feedEveryMs : this.options.pollIntervalMs),
      );
    }, delayMs);
  }

  private async feedUntilQuiet(): Promise<void> {
    for (let call = 0; call < MAX_FEED_CALLS_PER_DRAIN; call++) {
      if (!(await this.runFeed())) return;
      await new Promise((resolve) => setTimeout(resolve, FEED_PAUSE_IN_DRAIN_MS));
    }
  }

  /** Whether the feed found something; false after a failure, which is logged. */
  private async runFeed(): Promise<boolean> {
    try {
      return (await this.options.feed?.()) ?? false;
    } catch (error) {
      this.options.logger?.error({ err: error }, 'outbox feed failed; delivering the queue');
      return false;
    }
  }

  // Full batches follow each other at once (a backlog drains); after a batch that was not full the
  // worker pauses for gatherMs, and after an empty one for pollIntervalMs. Leasing again as soon as
  // a message or two had arrived cost a lease (a planned query, its walk, a round trip) per message:
  // under a steady stream of transfers that was most of the delivery's cost, to the server and to
  // PostgreSQL (docs/performance.md, session 18).
  private schedule(delayMs: number): void {
    if (this.isStopped) return;
    this.timer = setTimeout(() => {
      this.running = this.deliverFullBatches()
        .catch((error: unknown) => {
          this.options.logger?.error({ err: error }, 'outbox worker run failed');
          return this.options.pollIntervalMs;
        })
        .then((nextInMs) => this.schedule(nextInMs));
    }, delayMs);
  }

  /** Delivers batches while they come full; returns how long to wait before the next lease. */
  private async deliverFullBatches(): Promise<number> {
    const { gatherMs, pollIntervalMs } = this.options;
    for (;;) {
      const batch = await this.deliverBatch();
      if (batch.messages === 0) return pollIntervalMs;
      if (!batch.full || this.isStopped) return gatherMs;
    }
  }

  /** Sends one message and records a failure; answers whether it was sent. */
  private async deliver(message: OutboxMessage): Promise<boolean> {
    const { db, transports, maxAttempts, baseBackoffMs, maxBackoffMs, logger } = this.options;
    try {
      const content = contentOf(message);
      await transports[message.channel].send({
        channel: message.channel,
        recipient: message.recipient,
        ...content,
      });
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const isLastAttempt = message.attempts >= maxAttempts;
      const retryInMs = isLastAttempt ? null : backoffMs(message.attempts, baseBackoffMs, maxBackoffMs);
      await markAttemptFailed(db, message.id, { error: reason, retryInMs });
      // The recipient is a phone or e-mail: log the id and purpose only.
      logger?.warn(
        { outboxId: message.id, purpose: message.purpose, attempts: message.attempts, reason },
        isLastAttempt ? 'message delivery failed for good' : 'message delivery failed; will retry',
      );
      return false;
    }
  }
}

/** Each recipient's messages, in the order given (the lease's, by id). */
function byRecipient(messages: OutboxMessage[]): OutboxMessage[][] {
  const queues = new Map<string, OutboxMessage[]>();
  for (const message of messages) {
    const key = `${message.channel} ${message.recipient}`;
    const queue = queues.get(key);
    if (queue) queue.push(message);
    else queues.set(key, [message]);
  }
  return [...queues.values()];
}
