import { type Kysely, sql } from 'kysely';
import type { Config } from '../config.ts';
import { type Database, openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import {
  APP_ROLE,
  becomeAppRole,
  ensureEmbeddedAppRole,
  grantAppPrivileges,
  powersOverTheSchema,
} from './privileges.ts';
import type { DB } from './schema.ts';

export type DatabaseSettings = Pick<Config, 'databaseUrl' | 'databaseListenUrl' | 'databaseOwnerUrl'>;

/** What the start's database step did: the migrations applied, and what the operator should know. */
export type PreparedDatabase = { applied: string[]; warnings: string[] };

export const NO_OWNER_URL_WARNING =
  "DATABASE_OWNER_URL is not set: the app's own role runs the migrations and owns the schema, so it could switch off the ledger's append-only triggers";

/**
 * Before the app serves: the migrations and the app's grants as the schema's owner, then the check
 * that the role `database` runs as cannot switch off the ledger's guards (a role that still could
 * stops the start). Without DATABASE_OWNER_URL, PostgreSQL keeps one role for all, with a warning.
 */
export async function prepareDatabase(
  settings: DatabaseSettings,
  database: Database,
): Promise<PreparedDatabase> {
  if (database.kind === 'pglite') return prepareEmbedded(database.db);
  const ownerUrl = settings.databaseOwnerUrl;
  // Kysely's migrator holds a session-level advisory lock from one statement to another: through
  // PgBouncer in transaction mode its unlock may reach another server connection, the lock then
  // stays held, and the next start waits on it (docs/operations.md). So the migrations take a
  // direct connection: the owner's, or else the listener's.
  const direct = ownerUrl ?? settings.databaseListenUrl;
  if (!ownerUrl && (!direct || direct === settings.databaseUrl)) {
    return { applied: await migrateToLatest(database.db), warnings: [NO_OWNER_URL_WARNING] };
  }
  const session = await openDatabase({ databaseUrl: direct });
  try {
    const applied = await migrateToLatest(session.db);
    if (!ownerUrl) return { applied, warnings: [NO_OWNER_URL_WARNING] };
    await refuseAPowerfulRole(database.db);
    await grantAppPrivileges(session.db, await currentRole(database.db));
    return { applied, warnings: [] };
  } finally {
    await session.close();
  }
}

// PGlite's one session is its superuser's: it owns the schema, then becomes the app's role.
async function prepareEmbedded(db: Kysely<DB>): Promise<PreparedDatabase> {
  await ensureEmbeddedAppRole(db);
  const applied = await migrateToLatest(db);
  await grantAppPrivileges(db, APP_ROLE);
  await becomeAppRole(db);
  await refuseAPowerfulRole(db);
  return { applied, warnings: [] };
}

async function refuseAPowerfulRole(db: Kysely<DB>): Promise<void> {
  const powers = await powersOverTheSchema(db);
  if (powers.length === 0) return;
  throw new Error(
    `DATABASE_URL's role can switch off the ledger's guards (${powers.join('; ')}): connect the app ` +
      `as a role that owns nothing and is no superuser, e.g. ${APP_ROLE} (docs/operations.md)`,
  );
}

async function currentRole(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ role: string }>`select current_user as role`.execute(db);
  return rows[0]?.role ?? '';
}
