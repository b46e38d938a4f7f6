import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * How many rows of `table` this transaction has read so far, by index or by scan
 * (pg_stat_xact_user_tables): taken before and after a read, the difference is what the read
 * walked, whatever the machine's speed, so a plan that walks rows it does not return fails a test.
 */
export async function rowsReadFrom(trx: Transaction<DB> | Kysely<DB>, table: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select coalesce(sum(coalesce(idx_tup_fetch, 0) + coalesce(seq_tup_read, 0)), 0) as n
      from pg_stat_xact_user_tables where relname = ${table}`.execute(trx);
  return Number(rows[0]?.n ?? 0);
}
