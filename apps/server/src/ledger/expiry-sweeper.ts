import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { ledger } from './operations.ts';
import { reports } from './wrong-person-reports.ts';

const BATCH = 200;

/**
 * Voids expired pending transfers and purchases and releases their reservations (and stock), so money is never held by a
 * code nobody will type. Verification also refuses an expired code on its own; this only makes
 * the reserved money available again without waiting for a user.
 */
export class ExpirySweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly logger: Pick<FastifyBaseLogger, 'info' | 'error'>,
    private readonly intervalMs = 30_000,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.sweep()
        .then(() => {})
        .catch((error: unknown) => this.logger.error({ err: error }, 'expiry sweep failed'))
        .finally(() => {
          this.running = undefined;
        });
    }, this.intervalMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Voids every expired pending transfer and purchase, and expires overdue reports; returns how many. */
  async sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const voided = await ledger.expire(this.db, BATCH);
      total += voided;
      if (voided < BATCH) break;
    }
    if (total > 0) this.logger.info({ voided: total }, 'expired holds voided');
    return total + (await this.expireReports());
  }

  /** Releases the holds of "wrong person" reports nobody decided in time; returns how many. */
  async expireReports(): Promise<number> {
    let total = 0;
    for (;;) {
      const expired = await reports.expire(this.db, BATCH);
      total += expired;
      if (expired < BATCH) break;
    }
    if (total > 0) this.logger.info({ expired: total }, 'reports past their deadline released');
    return total;
  }
}
