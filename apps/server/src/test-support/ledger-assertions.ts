import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../db/schema.ts';
import { checkLedger } from './ledger-fixtures.ts';

// Apart from ledger-fixtures.ts because the bench and the chaos harness import those fixtures
// outside Vitest, where its `expect` cannot be loaded.

/** What every money test ends on: balances match their movements and the issued money, none is
 * negative, and the ledger's own audit finds nothing. */
export async function expectLedgerSound(db: Kysely<DB>): Promise<void> {
  const check = await checkLedger(db);
  expect(check.mismatchedUsers).toBe(0);
  expect(check.negativeBalances).toBe(0);
  expect(check.balancesCentis).toBe(check.issuedCentis);
  expect(check.problems).toEqual([]);
}
