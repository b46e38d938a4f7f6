import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

// Tests run on PGlite in memory by default; `npm run test:pg` sets TEST_DATABASE_URL and each
// test file then gets its own fresh PostgreSQL database, created here and dropped on close.
const serverUrl = process.env.TEST_DATABASE_URL;

export const testDatabaseKind = serverUrl ? 'postgres' : 'pglite';

/** A database for one test file; `url` is set on PostgreSQL so other processes can join it. */
export type TestDatabase = Database & { url: string | undefined };

export type TestDatabaseOptions = {
  migrate?: boolean;
  /** On PostgreSQL: the standby URL of the fresh database (DATABASE_READ_URL), e.g. a PgStandby's. */
  readUrlFor?: (databaseUrl: string) => string;
};

export async function openTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const database = serverUrl
    ? await openFreshPostgres(serverUrl, options.readUrlFor)
    : { ...(await openDatabase({})), url: undefined };
  if (options.migrate !== false) await migrateToLatest(database.db);
  return database;
}

async function openFreshPostgres(
  url: string,
  readUrlFor: TestDatabaseOptions['readUrlFor'],
): Promise<TestDatabase> {
  const name = `kc_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(url, (admin) => admin.query(`create database ${name}`));
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: target.toString(),
    readUrl: readUrlFor?.(target.toString()),
  });
  return {
    ...database,
    url: target.toString(),
    close: async () => {
      await database.close();
      // TEST_KEEP_DATABASES=1 keeps it, to run `npm run ledger:check` on it after a suite.
      if (process.env.TEST_KEEP_DATABASES === '1') console.log(`kept ${target}`);
      else await withAdmin(url, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
