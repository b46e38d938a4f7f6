// The ledger's one door: every money rule of the server lives in this folder, and the rest of the
// server (features above all) reaches it only through what this file exports. The other files of
// ledger/ import each other directly and never this door, so the folder has no import circle.

// Agents' float accounts: opened with the agent, and their balance.
export { type AgentFloatBalance, findAgentFloat, openAgentFloat } from './agent-floats.ts';
// The sweeper that ends what expires (held movements, undecided reports).
export { ExpirySweeper } from './expiry-sweeper.ts';
// The published fee tables: read, quoted for an amount (also inside a hold's transaction), replaced.
export {
  type FeeQuoteFor,
  type FeeTable,
  feeTables,
  publishHtgRate,
  quoteFee,
  replaceFeeTable,
} from './fees.ts';
// Float issued to an agent against a bank deposit, and redeemed (inside the approval's transaction).
export { type FloatMovementRequest, moveFloatWithin } from './float-issuance.ts';
// The audit of the whole ledger (`npm run ledger:check`) and its stored runs.
export { checkLedgerIntegrity } from './ledger-check.ts';
export { lastLedgerCheck, storeLedgerCheck } from './ledger-check-runs.ts';
// The limits of a verification level, and how much of them is used.
export { limitStatus } from './limits.ts';
// The moderation of companies and products, whose stock the purchases read.
export {
  type CompanyStatus,
  moderateCompany,
  moderateProduct,
  type ProductModerationStatus,
} from './moderation.ts';
// Movements: issue, hold → post | void | expire, codes, corrections, reports.
export * from './operations.ts';
// Who can be found and paid: the ledger's rule, for every read that offers a payee.
export { canReceive, findPayee, type PayeeIdentity } from './payees.ts';
// Concurrent transfers and purchases gathered per lane.
export { purchaseBatchers, transferBatchers } from './phase-batches.ts';
// A posting's notices, queued once it has committed (the outbox worker's feed).
export { deriveNotices, noticeDeriver } from './posting-notices.ts';
// The daily reconciliation of agents: each float's Haiti day, and the operator's totals.
export { type AgentDayFigures, agentDays, type HaitiDay, haitiDay, operatorDay } from './reconciliation.ts';
// Reads of the ledger as people and operators see it.
export { findBalance, findStatementEntry, type StatementEntry } from './statement.repository.ts';
export { readStatementPage, statementPages } from './statement-pages.ts';
export { ledgerTotals } from './totals.ts';
export { decodeCursor, statementPageJson, transactionJson, transactionOf } from './transaction-presenter.ts';
