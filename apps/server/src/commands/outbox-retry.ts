// `npm run outbox:retry`: puts every failed message back in the queue with a fresh attempt
// budget; the running server's worker then delivers them. On the embedded database, stop the
// server first (PGlite allows one process), or use POST /api/dev/outbox/retry-failed locally.
// Like a start, it migrates as the schema's owner (DATABASE_OWNER_URL) and then works as the app.
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { requeueFailed } from '../messaging/outbox.repository.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  for (const warning of (await prepareDatabase(config, database)).warnings) console.warn(warning);
  const count = await requeueFailed(database.db);
  console.log(`${count} failed message(s) queued again.`);
} finally {
  await database.close();
}
