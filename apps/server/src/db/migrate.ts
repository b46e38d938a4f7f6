import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as foundation from './migrations/0001-foundation.ts';
import * as outbox from './migrations/0002-outbox.ts';
import * as accountsLedger from './migrations/0003-accounts-ledger.ts';
import * as marketplace from './migrations/0004-marketplace.ts';
import * as transfers from './migrations/0005-transfers.ts';
import * as profileReferrals from './migrations/0006-profile-referrals.ts';
import * as purchases from './migrations/0007-purchases.ts';
import * as codeResend from './migrations/0008-code-resend.ts';
import * as outboxReferenceIndex from './migrations/0009-outbox-reference-index.ts';
import * as transferBatches from './migrations/0010-transfer-batches.ts';
import * as leanerTransferPhases from './migrations/0011-leaner-transfer-phases.ts';
import type { DB } from './schema.ts';

// Migrations are listed here in order rather than read from the file system, so the same list
// runs under tsx, Vitest and any bundler.
const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-outbox': outbox,
  '0003-accounts-ledger': accountsLedger,
  '0004-marketplace': marketplace,
  '0005-transfers': transfers,
  '0006-profile-referrals': profileReferrals,
  '0007-purchases': purchases,
  '0008-code-resend': codeResend,
  '0009-outbox-reference-index': outboxReferenceIndex,
  '0010-transfer-batches': transferBatches,
  '0011-leaner-transfer-phases': leanerTransferPhases,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  // Features land in parallel and each migration stands on its own, so a database that already
  // ran a later one still takes an earlier one that arrived after it.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
