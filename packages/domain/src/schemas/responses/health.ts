import { z } from 'zod';
import { named } from '../contract.ts';

// The health responses of the HTTP contract, named for components.schemas (see contract.ts). The
// public answers say only whether the service works: anyone may ask them, so they carry no figure
// about the service's traffic. The operators' figures need OPS_TOKEN.

/** Whether the service works and reaches its database. */
export const healthSchema = named(
  'Health',
  z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'down']) }),
  'ok, or degraded when the database does not answer',
);
export type Health = z.output<typeof healthSchema>;

/** The process answers (liveness asks nothing of the database). */
export const livenessSchema = named('Liveness', z.object({ status: z.literal('ok') }), 'The process answers');
export type Liveness = z.output<typeof livenessSchema>;

/** Whether the process may take traffic, and why not. */
export const readinessSchema = named(
  'Readiness',
  z.object({
    status: z.enum(['ready', 'not_ready']),
    reason: z.enum(['draining', 'database_down', 'migrations_pending']).optional(),
  }),
  'ready, or not_ready with why: shutting down, database down, migrations pending',
);
export type Readiness = z.output<typeof readinessSchema>;

/**
 * The outbox's messages waiting to go out and those that failed for good, for operators. Sent ones
 * are not counted: every message ever sent is kept, and counting them would read them all.
 */
export const outboxCountsSchema = named(
  'OutboxCounts',
  z.object({ outbox: z.object({ pending: z.int(), failed: z.int() }) }),
  "The outbox's messages waiting to go out (pending) and failed for good",
);
export type OutboxCounts = z.output<typeof outboxCountsSchema>;
