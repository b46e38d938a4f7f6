import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { applyDefinitions } from '../ledger/definitions.ts';
import * as baseline from './migrations/0001-baseline.ts';
import * as phoneProof from './migrations/0002-phone-proof.ts';
import * as phoneProofCodes from './migrations/0003-phone-proof-codes.ts';
import * as payeeLookups from './migrations/0004-payee-lookups.ts';
import * as referralRewardedIdentities from './migrations/0005-referral-rewarded-identities.ts';
import * as operations from './migrations/0006-operations.ts';
import * as dailySendingTotals from './migrations/0007-daily-sending-totals.ts';
import * as helpRequests from './migrations/0008-help-requests.ts';
import * as amountCeilings from './migrations/0009-amount-ceilings.ts';
import * as holdPolicies from './migrations/0010-hold-policies.ts';
import * as movementLegs from './migrations/0011-movement-legs.ts';
import * as disputes from './migrations/0012-disputes.ts';
import * as agents from './migrations/0013-agents.ts';
import * as feeBands from './migrations/0014-fee-bands.ts';
import * as agentMovements from './migrations/0015-agent-movements.ts';
import * as floatIssuance from './migrations/0016-float-issuance.ts';
import * as cashComplaints from './migrations/0017-cash-complaints.ts';
import * as exchangeRate from './migrations/0018-exchange-rate.ts';
import * as postingInPlace from './migrations/0019-posting-in-place.ts';
import * as outboxFewerIndexes from './migrations/0020-outbox-fewer-indexes.ts';
import * as outboxPendingById from './migrations/0021-outbox-pending-by-id.ts';
import * as standaloneCodesByUser from './migrations/0022-standalone-codes-by-user.ts';
import * as codeMessagesByPhone from './migrations/0023-code-messages-by-phone.ts';
import * as outboxWithoutReferenceIndex from './migrations/0024-outbox-without-reference-index.ts';
import * as pendingSalesByBuyer from './migrations/0025-pending-sales-by-buyer.ts';
import * as codesOnMovements from './migrations/0026-codes-on-movements.ts';
import * as noticesFromEntries from './migrations/0027-notices-from-entries.ts';
import * as holdsOnMovements from './migrations/0028-holds-on-movements.ts';
import * as outboxLeaseFunction from './migrations/0029-outbox-lease-function.ts';
import * as linesByTime from './migrations/0030-lines-by-time.ts';
import * as failedMessagesAndDisputeLists from './migrations/0031-failed-messages-and-dispute-lists.ts';
import * as correctionsByWhatTheyCorrect from './migrations/0032-corrections-by-what-they-correct.ts';
import * as userSearchIndexes from './migrations/0033-user-search-indexes.ts';
import * as aPersonsSessionsAndReviews from './migrations/0034-a-persons-sessions-and-reviews.ts';
import * as refreshRetries from './migrations/0035-refresh-retries.ts';
import * as outboxLeaseByRecipient from './migrations/0036-outbox-lease-by-recipient.ts';
import * as outboxWaitBehindAFailure from './migrations/0037-outbox-wait-behind-a-failure.ts';
import * as exchangeRateHistory from './migrations/0038-exchange-rate-history.ts';
import type { DB } from './schema.ts';

// Migrations are listed here in order rather than read from the file system, so the same list
// runs under tsx, Vitest and any bundler.
const migrations: Record<string, Migration> = {
  '0001-baseline': baseline,
  '0002-phone-proof': phoneProof,
  '0003-phone-proof-codes': phoneProofCodes,
  '0004-payee-lookups': payeeLookups,
  '0005-referral-rewarded-identities': referralRewardedIdentities,
  '0006-operations': operations,
  '0007-daily-sending-totals': dailySendingTotals,
  '0008-help-requests': helpRequests,
  '0009-amount-ceilings': amountCeilings,
  '0010-hold-policies': holdPolicies,
  '0011-movement-legs': movementLegs,
  '0012-disputes': disputes,
  '0013-agents': agents,
  '0014-fee-bands': feeBands,
  '0015-agent-movements': agentMovements,
  '0016-float-issuance': floatIssuance,
  '0017-cash-complaints': cashComplaints,
  '0018-exchange-rate': exchangeRate,
  '0019-posting-in-place': postingInPlace,
  '0020-outbox-fewer-indexes': outboxFewerIndexes,
  '0021-outbox-pending-by-id': outboxPendingById,
  '0022-standalone-codes-by-user': standaloneCodesByUser,
  '0023-code-messages-by-phone': codeMessagesByPhone,
  '0024-outbox-without-reference-index': outboxWithoutReferenceIndex,
  '0025-pending-sales-by-buyer': pendingSalesByBuyer,
  '0026-codes-on-movements': codesOnMovements,
  '0027-notices-from-entries': noticesFromEntries,
  '0028-holds-on-movements': holdsOnMovements,
  '0029-outbox-lease-function': outboxLeaseFunction,
  '0030-lines-by-time': linesByTime,
  '0031-failed-messages-and-dispute-lists': failedMessagesAndDisputeLists,
  '0032-corrections-by-what-they-correct': correctionsByWhatTheyCorrect,
  '0033-user-search-indexes': userSearchIndexes,
  '0034-a-persons-sessions-and-reviews': aPersonsSessionsAndReviews,
  '0035-refresh-retries': refreshRetries,
  '0036-outbox-lease-by-recipient': outboxLeaseByRecipient,
  '0037-outbox-wait-behind-a-failure': outboxWaitBehindAFailure,
  '0038-exchange-rate-history': exchangeRateHistory,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  // Features land in parallel and each migration stands on its own, so a database that already
  // ran a later one still takes an earlier one that arrived after it.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  // The functions come after the tables they use: see src/ledger/definitions.ts.
  await applyDefinitions(db);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The migrations this code knows that the database has not run yet (readiness waits for none). */
export async function pendingMigrations(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  return (await migrator.getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
}
