import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/database.ts';
import { APP_ROLE, OWNER_ROLE } from '../db/privileges.ts';
import { asRole, type DatabaseTemplate, databaseUrlOf, withAdmin } from './database-template.ts';

// Tests run on PGlite in memory by default; `npm run test:pg` sets TEST_DATABASE_URL and each
// test file then gets its own PostgreSQL database, copied here from the run's migrated template
// (database-template.ts, built once by the global setup) and dropped on close.
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * A database for one test file. This handle is the test's own hand: on PostgreSQL it is the
 * schema owner's (kreyolcash_owner), so fixtures may do what the app may not (set a trigger aside,
 * age a row); the app itself connects as kreyolcash_app (openAppDatabase). On PGlite, one session
 * for both, its superuser's. `url` (the app's role) and `ownerUrl` are set on PostgreSQL so other
 * processes can join it as a server would (DATABASE_URL, DATABASE_OWNER_URL).
 */
export type TestDatabase = Database & { url: string | undefined; ownerUrl: string | undefined };

export type TestDatabaseOptions = {
  /** false: an empty database, as a first start finds it (no migration has run). */
  migrate?: boolean;
};

/** On PostgreSQL: the standby URL of the new database (DATABASE_READ_URL), e.g. a PgStandby's. */
export type ReadUrlFor = (databaseUrl: string) => string;

export async function openTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const template = runTemplate();
  const migrated = options.migrate !== false;
  if (template.kind === 'pglite') {
    const dump = readFileSync(migrated ? template.migratedDump : template.emptyDump);
    return { ...(await openDatabase({ pgliteDump: new Blob([dump]) })), url: undefined, ownerUrl: undefined };
  }
  return openPostgresCopy(template, migrated);
}

/**
 * The connection the app under test uses: on PostgreSQL a pool of its own as kreyolcash_app, with
 * the app's real privileges; on PGlite the test database's one session itself.
 */
export async function openAppDatabase(database: TestDatabase, readUrlFor?: ReadUrlFor): Promise<Database> {
  if (!database.url) return database;
  return openDatabase({ databaseUrl: database.url, readUrl: readUrlFor?.(database.url) });
}

/** What a server process needs to join this database as production runs: DATABASE_URL and DATABASE_OWNER_URL. */
export function serverDatabaseEnv(database: TestDatabase): {
  DATABASE_URL: string;
  DATABASE_OWNER_URL: string;
} {
  if (!database.url || !database.ownerUrl)
    throw new Error('a server process needs the PostgreSQL test database');
  return { DATABASE_URL: database.url, DATABASE_OWNER_URL: database.ownerUrl };
}

function runTemplate(): DatabaseTemplate {
  const template = inject('databaseTemplate');
  if (!template) {
    throw new Error(
      'No test database template: run the tests through Vitest with the global setup of its config.',
    );
  }
  if ((template.kind === 'postgres') !== (testDatabaseKind === 'postgres')) {
    throw new Error(
      `The run's database template is ${template.kind}, but TEST_DATABASE_URL asks for ${testDatabaseKind}.`,
    );
  }
  return template;
}

async function openPostgresCopy(
  template: Extract<DatabaseTemplate, { kind: 'postgres' }>,
  migrated: boolean,
): Promise<TestDatabase> {
  const name = `kc_test_${randomBytes(6).toString('hex')}`;
  const source = migrated ? template.migrated : 'template1';
  await withAdmin(template.serverUrl, (admin) => createDatabaseFrom(admin, name, source));
  const ownerUrl = asRole(databaseUrlOf(template.serverUrl, name), OWNER_ROLE);
  const url = asRole(ownerUrl, APP_ROLE);
  const database = await openDatabase({ databaseUrl: ownerUrl });
  return {
    ...database,
    url,
    ownerUrl,
    close: async () => {
      await database.close();
      // TEST_KEEP_DATABASES=1 keeps it, to run `npm run ledger:check` on it after a suite.
      if (process.env.TEST_KEEP_DATABASES === '1') console.log(`kept ${url}`);
      else
        await withAdmin(template.serverUrl, (admin) =>
          admin.query(`drop database if exists ${name} with (force)`),
        );
    },
  };
}

const OBJECT_IN_USE = '55006';
const COPY_ATTEMPTS = 50;

// PostgreSQL refuses to copy a template while a session is connected to it (55006); two copies
// starting at once can meet there, so a refused copy tries again once the other has begun.
async function createDatabaseFrom(admin: import('pg').Client, name: string, source: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${source} owner ${OWNER_ROLE}`);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== OBJECT_IN_USE || attempt >= COPY_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}
