import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { deleteSentBefore, firstMessageIdSince } from './outbox.repository.ts';

const DAY_MS = 24 * 60 * 60_000;
// Small deletes, each its own short transaction: a month's backlog on the first run never holds
// the table's rows, or the WAL, in one go.
const BATCH = 1_000;

export type OutboxRetentionOptions = {
  /** How long a sent message is kept (config.messageRetentionDays). */
  retentionDays: number;
  intervalMs?: number;
  logger?: Pick<FastifyBaseLogger, 'info' | 'error'>;
};

/**
 * Deletes sent messages once they are older than the retention period, every hour and once soon
 * after the start. Every server process runs one: they skip each other's rows.
 */
export class OutboxRetention {
  private timer: NodeJS.Timeout | undefined;
  private firstRun: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private isStopped = false;
  private readonly intervalMs: number;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: OutboxRetentionOptions,
  ) {
    this.intervalMs = options.intervalMs ?? 60 * 60_000;
  }

  start(): void {
    const run = () => {
      this.running ??= this.purge()
        .then(() => {})
        .catch((error: unknown) => this.options.logger?.error({ err: error }, 'outbox retention failed'))
        .finally(() => {
          this.running = undefined;
        });
    };
    this.timer = setInterval(run, this.intervalMs);
    this.firstRun = setTimeout(run, Math.min(60_000, this.intervalMs));
  }

  /** Stops after the batch in progress: a month's backlog does not hold up a shutdown. */
  async stop(): Promise<void> {
    this.isStopped = true;
    clearInterval(this.timer);
    clearTimeout(this.firstRun);
    await this.running;
  }

  /** Deletes every message sent before the retention period; returns how many. */
  async purge(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - this.options.retentionDays * DAY_MS);
    // Found once: each batch then walks only the rows older than it.
    const belowId = await firstMessageIdSince(this.db, before);
    let total = 0;
    for (;;) {
      const deleted = await deleteSentBefore(this.db, before, belowId, BATCH);
      total += deleted;
      if (deleted < BATCH || this.isStopped) break;
    }
    if (total > 0)
      this.options.logger?.info({ deleted: total }, 'sent messages past their retention deleted');
    return total;
  }
}
