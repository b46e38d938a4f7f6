import { type Kysely, sql } from 'kysely';
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

/** The posted transfers' "done" notices: how many are owed (two each), queued, and queued twice. */
export async function transferNotices(
  db: Kysely<DB>,
): Promise<{ owed: number; queued: number; doubled: number }> {
  const { rows } = await sql<{ owed: number; queued: number; doubled: number }>`
    select (select 2 * count(*)::int from kreyolcash_movimentacoes
             where tipo = 'transferencia' and status = 'concluida') as owed,
           (select count(*)::int from outbox_messages where purpose = 'transfer_done') as queued,
           (select count(*)::int from (select 1 from outbox_messages where purpose = 'transfer_done'
                                        group by referencia, template having count(*) > 1) twice) as doubled`.execute(
    db,
  );
  const counts = rows[0];
  if (!counts) throw new Error('no notice counts');
  return counts;
}
