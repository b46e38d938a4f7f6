import type { LevelLimits, VerificationLevel } from '@kreyolcash/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { disputes } from './disputes.ts';
import { type ExpiryHorizon, ledger } from './operations.ts';

const BATCH = 200;

export type ExpirySweeperOptions = {
  intervalMs?: number;
  /**
   * The levels' limits (config.levelLimits): a hold whose expiry posts is posted only under them
   * (the payee's maximum balance), so without them such holds wait and only voids happen.
   */
  levelLimits?: Record<VerificationLevel, LevelLimits>;
};

/**
 * Ends expired holds as each one's policy says: most are voided (money and stock free again, never
 * held by a code nobody will type), and one whose expiry posts goes to its payee. Verification
 * also refuses an expired code on its own; this ends the hold without waiting for a user.
 */
export class ExpirySweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly intervalMs: number;
  private readonly levelLimits: Record<VerificationLevel, LevelLimits> | undefined;
  /** What the last call answered: the position moves to it at the next (expiry.sql). */
  private horizon: ExpiryHorizon = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly logger: Pick<FastifyBaseLogger, 'info' | 'error'>,
    options: ExpirySweeperOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 30_000;
    this.levelLimits = options.levelLimits;
  }

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

  /** Ends every expired hold, and expires overdue reports; returns how many. */
  async sweep(): Promise<number> {
    let total = 0;
    let posted = 0;
    for (;;) {
      const batch = await ledger.expire(this.db, BATCH, this.levelLimits, this.horizon);
      this.horizon = batch.horizon;
      total += batch.ended;
      posted += batch.posted;
      if (batch.ended < BATCH) break;
    }
    if (total > 0) this.logger.info({ voided: total - posted, posted }, 'expired holds ended');
    return total + (await this.expireReports());
  }

  /** Releases the holds of "wrong person" reports nobody decided in time; returns how many. */
  async expireReports(): Promise<number> {
    let total = 0;
    for (;;) {
      const expired = await disputes.expire(this.db, BATCH);
      total += expired;
      if (expired < BATCH) break;
    }
    if (total > 0) this.logger.info({ expired: total }, 'reports past their deadline released');
    return total;
  }
}
