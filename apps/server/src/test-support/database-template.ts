import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase, PGLITE_EXTENSIONS } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { PGliteDialect } from '../db/pglite-dialect.ts';
import {
  APP_ROLE,
  ensureEmbeddedAppRole,
  grantAppPrivileges,
  OWNER_ROLE,
  ROLES_SQL,
} from '../db/privileges.ts';
import type { DB } from '../db/schema.ts';

/**
 * Where a test run's databases come from. The migrations run once per run, into this template;
 * every test file then starts from a copy (PostgreSQL's CREATE DATABASE … TEMPLATE, or a PGlite
 * data directory loaded from a dump), which is a fraction of a fresh initdb plus every migration.
 * As at a start, the schema's owner migrates and grants the app's role its privileges: on
 * PostgreSQL the owner is kreyolcash_owner (both roles made here when missing, by the superuser of
 * TEST_DATABASE_URL), on PGlite its superuser.
 */
export type DatabaseTemplate =
  | { kind: 'pglite'; migratedDump: string; emptyDump: string }
  | { kind: 'postgres'; serverUrl: string; migrated: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

export type BuiltTemplate = { template: DatabaseTemplate; remove(): Promise<void> };

export async function buildDatabaseTemplate(serverUrl: string | undefined): Promise<BuiltTemplate> {
  return serverUrl ? buildPostgresTemplate(serverUrl) : buildPGliteTemplate();
}

async function buildPGliteTemplate(): Promise<BuiltTemplate> {
  const dir = mkdtempSync(join(tmpdir(), 'kc-db-template-'));
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  try {
    const emptyDump = join(dir, 'empty.tar');
    writeFileSync(emptyDump, await dumpOf(pglite));
    const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
    await ensureEmbeddedAppRole(db);
    await migrateToLatest(db);
    await grantAppPrivileges(db, APP_ROLE);
    const migratedDump = join(dir, 'migrated.tar');
    writeFileSync(migratedDump, await dumpOf(pglite));
    return {
      template: { kind: 'pglite', migratedDump, emptyDump },
      remove: async () => rmSync(dir, { recursive: true, force: true }),
    };
  } finally {
    await pglite.close();
  }
}

async function dumpOf(pglite: PGlite): Promise<Uint8Array> {
  // A checkpoint first, so the dump holds every page and a loaded copy needs no WAL replay.
  await pglite.exec('checkpoint');
  return new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
}

async function buildPostgresTemplate(serverUrl: string): Promise<BuiltTemplate> {
  const migrated = `kc_template_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, async (admin) => {
    await admin.query(ROLES_SQL);
    await admin.query(`create database ${migrated} owner ${OWNER_ROLE}`);
  }).catch((error: unknown) => {
    throw unreachable(serverUrl, error);
  });
  const database = await openDatabase({
    databaseUrl: asRole(databaseUrlOf(serverUrl, migrated), OWNER_ROLE),
  });
  try {
    await migrateToLatest(database.db);
    await grantAppPrivileges(database.db, APP_ROLE);
  } finally {
    // CREATE DATABASE … TEMPLATE refuses a source with anyone connected to it.
    await database.close();
  }
  return {
    template: { kind: 'postgres', serverUrl, migrated },
    remove: async () => {
      await withAdmin(serverUrl, (admin) => admin.query(`drop database if exists ${migrated} with (force)`));
    },
  };
}

// The whole run needs this server, so its absence is said once, first, with what to do.
function unreachable(serverUrl: string, error: unknown): Error {
  const shown = serverUrl.replace(/:[^:@/]*@/, ':***@');
  const reason = error instanceof Error ? error.message : String(error);
  return new Error(
    `PostgreSQL at ${shown} cannot be used for the tests (${reason}). Start it (on Debian: ` +
      'pg_ctlcluster <version> main start) or point TEST_DATABASE_URL at a server where this user is a ' +
      `superuser (it makes the roles ${OWNER_ROLE} and ${APP_ROLE}, which must be able to sign in from here without a password).`,
  );
}

export function databaseUrlOf(serverUrl: string, name: string): string {
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return target.toString();
}

/** The same database as another role (trust authentication: no password). */
export function asRole(databaseUrl: string, role: string): string {
  const target = new URL(databaseUrl);
  target.username = role;
  target.password = '';
  return target.toString();
}

export async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
