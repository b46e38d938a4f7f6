import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

// The user's verification level and the limits used today and this month, as the ledger counts
// them. Until the ledger's limits exist the page shows none.
export async function userLimits(_db: Kysely<DB>, _userId: string): Promise<Record<string, unknown> | null> {
  return null;
}
