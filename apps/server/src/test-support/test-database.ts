import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/database.ts';
import { type DatabaseTemplate, databaseUrlOf, withAdmin } from './database-template.ts';

// Tests run on PGlite in memory by default; `npm run test:pg` sets TEST_DATABASE_URL and each
// test file then gets its own PostgreSQL database, copied here from the run's migrated template
// (database-template.ts, built once by the global setup) and dropped on close.
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** A database for one test file; `url` is set on PostgreSQL so other processes can join it. */
export type TestDatabase = Database & { url: string | undefined };

export type TestDatabaseOptions = {
  /** false: an empty database, as a first start finds it (no migration has run). */
  migrate?: boolean;
  /** On PostgreSQL: the standby URL of the new database (DATABASE_READ_URL), e.g. a PgStandby's. */
  readUrlFor?: (databaseUrl: string) => string;
};

export async function openTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const template = runTemplate();
  const migrated = options.migrate !== false;
  if (template.kind === 'pglite') {
    const dump = readFileSync(migrated ? template.migratedDump : template.emptyDump);
    return { ...(await openDatabase({ pgliteDump: new Blob([dump]) })), url: undefined };
  }
  return openPostgresCopy(template, migrated, options.readUrlFor);
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
  readUrlFor: TestDatabaseOptions['readUrlFor'],
): Promise<TestDatabase> {
  const name = `kc_test_${randomBytes(6).toString('hex')}`;
  const source = migrated ? template.migrated : 'template1';
  await withAdmin(template.serverUrl, (admin) => createDatabaseFrom(admin, name, source));
  const url = databaseUrlOf(template.serverUrl, name);
  const database = await openDatabase({ databaseUrl: url, readUrl: readUrlFor?.(url) });
  return {
    ...database,
    url,
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
      await admin.query(`create database ${name} template ${source}`);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== OBJECT_IN_USE || attempt >= COPY_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}
