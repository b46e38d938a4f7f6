// `npm run ledger:check`: audits the ledger of the configured database (DATABASE_URL, or the
// embedded one in DATA_DIR) and prints a report. Exits 1 when any check fails: a balance that
// differs from its entries, entries that do not sum to zero, an unbalanced movement, a hold
// without its pending movement or a pending movement without its hold. It reads the ledger and
// writes only its own result (verificacoes_razao, shown on the back office's ledger panel); a
// database that refuses that one row (a read-only replica) still gets its report and exit code.
// It runs as the app's role: DATABASE_URL's, or on the embedded database kreyolcash_app, as the
// server does.
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { becomeAppRole } from '../db/privileges.ts';
import { checkLedgerIntegrity, formatLedgerReport } from '../ledger/ledger-check.ts';
import { storeLedgerCheck } from '../ledger/ledger-check-runs.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  if (database.kind === 'pglite') await becomeAppRole(database.db);
  const report = await checkLedgerIntegrity(database.db);
  console.log(formatLedgerReport(report));
  await storeLedgerCheck(database.db, report).catch((error: unknown) => {
    console.error(`the result was not stored: ${error instanceof Error ? error.message : String(error)}`);
  });
  process.exitCode = report.problems.length === 0 ? 0 : 1;
} finally {
  await database.close();
}
