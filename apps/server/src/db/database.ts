import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import type { DB } from './schema.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** The extensions the migrations create (the user search's trigrams), which PGlite loads at its start. */
export const PGLITE_EXTENSIONS = { pg_trgm };

export type Unlisten = () => Promise<void>;

export type Database = {
  kind: DatabaseKind;
  /** The primary: every write, lock, money decision and session check. */
  db: Kysely<DB>;
  /**
   * A streaming standby (DATABASE_READ_URL) for statement and history reads, only through
   * src/db/read-routing.ts, which falls back to `db` when the standby is behind or away.
   */
  standby?: Kysely<DB>;
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

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  /** A standby for reads (DATABASE_READ_URL); only with databaseUrl. */
  readUrl?: string | undefined;
  /** The listener's direct connection (DATABASE_LISTEN_URL); databaseUrl when absent. */
  listenUrl?: string | undefined;
  dataDir?: string | undefined;
  /** PGlite only: a dumped data directory to start from instead of an empty one (tests' template). */
  pgliteDump?: Blob | undefined;
};

/** PostgreSQL through `pg` when a URL is given; otherwise PGlite in DATA_DIR/db (or in memory). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres({ ...options, databaseUrl: options.databaseUrl })
    : openPGlite(options.dataDir, options.pgliteDump);
}

// A standby that stops answering must not hold a statement for long: its reads go to the primary.
// (Client-side timeouts: a startup statement_timeout would be refused by PgBouncer.)
const STANDBY_POOL_MAX = 10;
const STANDBY_CONNECT_TIMEOUT_MS = 1000;
const STANDBY_QUERY_TIMEOUT_MS = 5000;

async function openPostgres(options: DatabaseOptions & { databaseUrl: string }): Promise<Database> {
  const pool = openPool(options.databaseUrl, { max: POOL_MAX, connectionTimeoutMillis: 5000 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const standby = options.readUrl
    ? new Kysely<DB>({
        dialect: new PostgresDialect({
          pool: openPool(options.readUrl, {
            max: STANDBY_POOL_MAX,
            connectionTimeoutMillis: STANDBY_CONNECT_TIMEOUT_MS,
            query_timeout: STANDBY_QUERY_TIMEOUT_MS,
          }),
        }),
      })
    : undefined;
  const listenUrl = options.listenUrl ?? options.databaseUrl;
  return {
    kind: 'postgres',
    db,
    ...(standby ? { standby } : {}),
    ping: () => ping(db),
    listen: (channel, onPayload) => listenOnPostgres(listenUrl, channel, onPayload),
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      max: POOL_MAX,
      waiting: pool.waitingCount,
    }),
    close: async () => {
      await Promise.all([db.destroy(), standby?.destroy()]);
    },
  };
}

// Statements are sent unnamed (node-postgres prepares a named one only when asked, and nothing
// here asks), so the pool also works through PgBouncer in transaction mode.
function openPool(
  connectionString: string,
  limits: Pick<pg.PoolConfig, 'max' | 'connectionTimeoutMillis' | 'query_timeout'>,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    ...limits,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        PARSERS[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server drops (restart, failover, admin kill) is replaced by the pool on
  // next use; without a listener the 'error' event would crash the process.
  pool.on('error', (error) => console.error(`database connection lost: ${error.message}`));
  // The pool listens only while a connection is idle: one that dies while checked out (the
  // primary killed mid-transaction) emits 'error' with nobody listening, and Node ends the whole
  // process. The query in flight already fails with that error; the pool discards the connection.
  pool.on('connect', (client) => {
    client.on('error', (error) => console.error(`database connection lost in use: ${error.message}`));
  });
  return pool;
}

async function openPGlite(dataDir: string | undefined, dump: Blob | undefined): Promise<Database> {
  let path: string | undefined;
  if (dataDir) {
    path = join(dataDir, 'db');
    mkdirSync(path, { recursive: true });
  }
  const pglite = await PGlite.create({
    ...(path ? { dataDir: path } : {}),
    ...(dump ? { loadDataDir: dump } : {}),
    parsers: PARSERS,
    extensions: PGLITE_EXTENSIONS,
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
// again (events sent meanwhile are missed, so clients refetch on reconnect). It is a plain client,
// never the pool, and goes straight to PostgreSQL (DATABASE_LISTEN_URL): a pooler in transaction
// mode would hand its server session to other clients between transactions and the notifications
// would be lost (docs/operations.md, "Reads from a standby, and PgBouncer").
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<Unlisten> {
  let client: pg.Client | undefined;
  let isStopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  // A lost connection (restart, failover) is opened again until it works: every second at first,
  // then every 5 s while the database stays away.
  const reconnectLater = () => {
    if (isStopped || retryTimer) return;
    const delay = Math.min(1000 * 2 ** failures, 5000);
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch(reconnectLater);
    }, delay);
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) onPayload(message.payload);
    });
    const lost = () => {
      next.end().catch(() => {});
      if (client === next) client = undefined;
      reconnectLater();
    };
    next.on('error', lost);
    next.on('end', () => {
      if (client === next) lost();
    });
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
    failures = 0;
  };
  await connect();
  return async () => {
    isStopped = true;
    clearTimeout(retryTimer);
    await client?.end().catch(() => {});
  };
}
