import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

// A real streaming standby of the test PostgreSQL server, for the read-routing tests: a base
// backup (pg_basebackup -R) into a temporary folder, started on a free loopback port, stopped and
// removed by stop() (and when the test process exits, whatever happened before).

const BIN_DIR = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
const READY_TIMEOUT_MS = 120_000;

// PostgreSQL runs under a small shell whose stdin is a pipe from the test process. The pipe closes
// when that process ends, however it ends (killed included, when no exit handler runs), and the
// shell then stops PostgreSQL (SIGINT: fast shutdown) and removes its folder. The shell ends with
// PostgreSQL, so a standby that dies at start is seen at once. $1 postgres, $2 data, $3 folder.
// (A background job's stdin is /dev/null unless redirected, hence fd 3.)
const GUARDED_START = `
exec 3<&0
"$1" -D "$2" &
server=$!
( cat <&3 >/dev/null; kill -INT "$server" 2>/dev/null
  while kill -0 "$server" 2>/dev/null; do sleep 0.1; done; rm -rf "$3" ) &
wait "$server"
`;
const POLL_MS = 50;

export type PgStandby = {
  port: number;
  /** The same database as `primaryDatabaseUrl`, on the standby. */
  urlFor(primaryDatabaseUrl: string): string;
  /** Stops applying the primary's WAL (it keeps receiving it): the standby falls behind. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Waits until the standby has replayed the primary's WAL up to `lsn` ('0/3000148'). */
  waitForReplay(lsn: string): Promise<void>;
  stop(): Promise<void>;
};

/**
 * A standby of the server at `primaryUrl`, or the reason none can be made here (the caller skips:
 * the missing server setting is named, never changed behind the operator's back).
 */
export async function startStandby(primaryUrl: string): Promise<PgStandby | { unavailable: string }> {
  const refusal = await replicationRefusal(primaryUrl);
  if (refusal) return { unavailable: refusal };
  const owner = postgresOwner();
  const folder = mkdtempSync(join(tmpdir(), 'kc-standby-'));
  const dataDir = join(folder, 'data');
  let server: ChildProcess | undefined;
  const removeAll = () => {
    server?.stdin?.destroy();
    rmSync(folder, { recursive: true, force: true });
  };
  // A test that fails still leaves no PostgreSQL running and no folder behind (see GUARDED_START
  // for a test process that is killed).
  process.once('exit', removeAll);
  try {
    if (owner) chownSync(folder, owner.uid, owner.gid);
    const primary = new URL(primaryUrl);
    const settings = await primarySettings(primaryUrl);
    await run(
      join(BIN_DIR, 'pg_basebackup'),
      [
        ...['-h', primary.hostname, '-p', primary.port || '5432', '-U', primary.username || 'postgres'],
        ...['-D', dataDir, '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync'],
      ],
      { owner, cwd: folder },
    );
    const port = await freePort();
    // Debian keeps postgresql.conf and pg_hba.conf outside the data folder: the backup has neither.
    writeOwned(join(dataDir, 'postgresql.conf'), standbyConf(port, dataDir, settings), owner);
    writeOwned(join(dataDir, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n', owner);
    server = spawn('sh', ['-c', GUARDED_START, 'pg-standby', join(BIN_DIR, 'postgres'), dataDir, folder], {
      cwd: folder,
      stdio: ['pipe', 'ignore', 'pipe'],
      ...(owner ?? {}),
    });
    const log: string[] = [];
    server.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    const baseUrl = new URL(primaryUrl);
    baseUrl.port = String(port);
    baseUrl.pathname = '/postgres';
    await waitInRecovery(baseUrl.toString(), server, log);
    const running = server;
    const onStandby = async <T>(work: (client: pg.Client) => Promise<T>) =>
      withClient(baseUrl.toString(), work);
    return {
      port,
      urlFor(primaryDatabaseUrl) {
        const url = new URL(primaryDatabaseUrl);
        url.hostname = '127.0.0.1';
        url.port = String(port);
        return url.toString();
      },
      pauseReplay: () => onStandby((client) => setReplay(client, 'pause')),
      resumeReplay: () => onStandby((client) => setReplay(client, 'resume')),
      waitForReplay: (lsn) =>
        onStandby((client) =>
          pollUntil(`replay up to ${lsn}`, async () => {
            const { rows } = await client.query('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [
              lsn,
            ]);
            return rows[0]?.done === true;
          }),
        ),
      stop: async () => {
        process.removeListener('exit', removeAll);
        if (running.exitCode === null) {
          const exited = new Promise((resolve) => running.once('exit', resolve));
          running.stdin?.end(); // the guard stops PostgreSQL (fast shutdown) and exits
          await exited;
        }
        rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    removeAll();
    process.removeListener('exit', removeAll);
    throw error;
  }
}

/** Why the primary would refuse a replication connection from here, or undefined if it accepts. */
async function replicationRefusal(primaryUrl: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: primaryUrl, replication: true } as pg.ClientConfig);
  try {
    await client.connect();
    return undefined;
  } catch (error) {
    const message = (error as Error).message;
    if (!/pg_hba\.conf|replication/i.test(message)) throw error;
    const url = new URL(primaryUrl);
    const hbaFile = await withClient(
      primaryUrl,
      async (c) => (await c.query('show hba_file')).rows[0]?.hba_file,
    );
    return (
      `PostgreSQL at ${url.host} refuses replication connections (${message}). ` +
      `To run this test, add the line "host replication ${url.username || 'postgres'} 127.0.0.1/32 trust" ` +
      `to ${hbaFile ?? 'pg_hba.conf'} and run "select pg_reload_conf()" as a superuser.`
    );
  } finally {
    await client.end().catch(() => {});
  }
}

type PrimarySettings = Record<(typeof COPIED_SETTINGS)[number], string>;
// A hot standby refuses to start with less of these than its primary has.
const COPIED_SETTINGS = [
  'max_connections',
  'max_worker_processes',
  'max_wal_senders',
  'max_prepared_transactions',
  'max_locks_per_transaction',
] as const;

async function primarySettings(primaryUrl: string): Promise<PrimarySettings> {
  return withClient(primaryUrl, async (client) => {
    const { rows } = await client.query<{ name: string; setting: string }>(
      'select name, setting from pg_settings where name = any($1)',
      [[...COPIED_SETTINGS]],
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.setting])) as PrimarySettings;
  });
}

function standbyConf(port: number, dataDir: string, settings: PrimarySettings): string {
  const lines = {
    listen_addresses: "'127.0.0.1'",
    port: String(port),
    unix_socket_directories: `'${dataDir}'`,
    hot_standby: 'on',
    // A throwaway copy: durability buys nothing and costs the test time.
    fsync: 'off',
    shared_buffers: "'32MB'",
    logging_collector: 'off',
    ...settings,
  };
  return `${Object.entries(lines)
    .map(([name, value]) => `${name} = ${value}`)
    .join('\n')}\n`;
}

async function waitInRecovery(url: string, server: ChildProcess, log: string[]): Promise<void> {
  await pollUntil('the standby to accept reads in recovery', async () => {
    if (server.exitCode !== null) throw new Error(`the standby stopped at start:\n${log.join('')}`);
    try {
      return await withClient(url, async (client) => {
        const { rows } = await client.query('select pg_is_in_recovery() as recovering');
        return rows[0]?.recovering === true;
      });
    } catch {
      return false; // still starting ("the database system is starting up")
    }
  });
}

async function setReplay(client: pg.Client, action: 'pause' | 'resume'): Promise<void> {
  await client.query(action === 'pause' ? 'select pg_wal_replay_pause()' : 'select pg_wal_replay_resume()');
  const wanted = action === 'pause' ? 'paused' : 'not paused';
  await pollUntil(`replay ${wanted}`, async () => {
    const { rows } = await client.query('select pg_get_wal_replay_pause_state() as state');
    return rows[0]?.state === wanted;
  });
}

async function pollUntil(what: string, isDone: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await isDone())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

type Owner = { uid: number; gid: number };

// PostgreSQL refuses to run as root: as root, its files and processes belong to `postgres`.
function postgresOwner(): Owner | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

function writeOwned(path: string, text: string, owner: Owner | undefined): void {
  writeFileSync(path, text, { mode: 0o600 });
  if (owner) chownSync(path, owner.uid, owner.gid);
}

function run(command: string, args: string[], options: { owner: Owner | undefined; cwd: string }) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      stdio: ['ignore', 'ignore', 'pipe'],
      ...(options.owner ?? {}),
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr}`)),
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
