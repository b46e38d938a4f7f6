import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import type { DB } from './schema.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export type Unlisten = () => Promise<void>;

export type Database = {
  kind: DatabaseKind;
  db: Kysely<DB>;
  ping(): Promise<void>;
  /** Calls `onPayload` for every NOTIFY on `channel` (delivered only when its transaction commits). */
  listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten>;
  /** The connection pool's use, for the metrics; PGlite is one in-process connection, so none. */
  poolUse?(): PoolUse;
  close(): Promise<void>;
};

/** Connections open (busy + idle), idle, the pool's maximum, and queries waiting for one. */
export type PoolUse = { total: number; idle: number; max: number; waiting: number };

const POOL_MAX = 20;
const INT8_OID = 20;
const DATE_OID = 1082;
const keepText = (value: string) => value;
// int8 → exact number; date → 'YYYY-MM-DD' text (a Date would shift with the time zone).
const PARSERS: Record<number, (value: string) => unknown> = {
  [INT8_OID]: parseSafeInteger,
  [DATE_OID]: keepText,
};

// int8 (bigint) columns hold centis and counts; they arrive as JavaScript numbers only when
// exact, so an amount can never silently lose precision.
export function parseSafeInteger(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} is not a safe integer`);
  return n;
}

export type DatabaseOptions = { databaseUrl?: string | undefined; dataDir?: string | undefined };

/** PostgreSQL through `pg` when a URL is given; otherwise PGlite in DATA_DIR/db (or in memory). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPGlite(options.dataDir);
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: POOL_MAX,
    connectionTimeoutMillis: 5000,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        PARSERS[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server drops (restart, failover, admin kill) is replaced by the pool on
  // next use; without a listener the 'error' event would crash the process.
  pool.on('error', (error) => console.error(`database connection lost: ${error.message}`));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind: 'postgres',
    db,
    ping: () => ping(db),
    listen: (channel, onPayload) => listenOnPostgres(connectionString, channel, onPayload),
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      max: POOL_MAX,
      waiting: pool.waitingCount,
    }),
    close: () => db.destroy(),
  };
}

async function openPGlite(dataDir: string | undefined): Promise<Database> {
  let path: string | undefined;
  if (dataDir) {
    path = join(dataDir, 'db');
    mkdirSync(path, { recursive: true });
  }
  const pglite = await PGlite.create({
    ...(path ? { dataDir: path } : {}),
    parsers: PARSERS,
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return {
    kind: 'pglite',
    db,
    ping: () => ping(db),
    listen: async (channel, onPayload) => {
      const unlisten = await pglite.listen(channel, onPayload);
      return async () => {
        if (!pglite.closed) await unlisten();
      };
    },
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

async function ping(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}

// LISTEN needs one connection of its own for as long as it listens; when it drops it is opened
// again (events sent meanwhile are missed, so clients refetch on reconnect).
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<Unlisten> {
  let client: pg.Client | undefined;
  let isStopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) onPayload(message.payload);
    });
    next.on('error', () => {
      next.end().catch(() => {});
      if (!isStopped) retryTimer = setTimeout(() => void connect().catch(() => {}), 1000);
    });
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  await connect();
  return async () => {
    isStopped = true;
    clearTimeout(retryTimer);
    await client?.end().catch(() => {});
  };
}
