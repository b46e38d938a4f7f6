import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { deriveNotices } from '../ledger/ledger.ts';

// Test files on PostgreSQL share one cluster: a transaction of another file's (a database copied
// or dropped) holds the notices' horizon back until it ends, seconds on a busy machine.
const BUDGET_MS = 60_000;

/** Queues the notices of every posting committed so far (notices.sql), or fails saying why. */
export async function queueNotices(db: Kysely<DB>): Promise<number> {
  const reached = await deriveNotices(db, BUDGET_MS);
  if (reached === null)
    throw new Error(`notices not derived within ${BUDGET_MS} ms: a transaction held them back`);
  return reached;
}
