import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../chaos/harness/server-process.ts';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { giveToPostgres, NativeProcess, postgresUser, waitFor } from './native-process.ts';

const PG_BIN = '/usr/lib/postgresql/15/bin';

/**
 * A base backup of the primary, as production would take it nightly: the WAL it needs comes from
 * the archive (-X none), so a restore exercises the archive too.
 */
export function takeBaseBackup(dir: string, primaryPort: number): string {
  const target = join(dir, 'base-backup');
  mkdirSync(target, { mode: 0o700 });
  giveToPostgres(target);
  execFileSync(
    join(PG_BIN, 'pg_basebackup'),
    [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      target,
      '-X',
      'none',
      '-c',
      'fast',
    ],
    { ...postgresUser(), stdio: 'pipe' },
  );
  return target;
}

/** Closes the current WAL segment and waits until the archive holds it. */
export async function archiveUpToNow(primaryUrl: string, archive: string): Promise<void> {
  const client = new pg.Client({ connectionString: primaryUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ file: string }>('select pg_walfile_name(pg_switch_wal()) as file');
    const file = rows[0]?.file as string;
    await waitFor(`${file} in the WAL archive`, async () => existsSync(join(archive, file)), 60_000);
  } finally {
    await client.end();
  }
}

export type RestoredServer = { database: Database; stop: () => Promise<void> };

/**
 * The restore drill: a copy of the base backup replays the archive to its end (following the
 * failover's new timeline) on a port of its own, then opens for reads and writes.
 */
export async function restoreFromArchive(
  dir: string,
  backup: string,
  archive: string,
  database: string,
): Promise<RestoredServer> {
  const dataDir = join(dir, 'restored');
  execFileSync('cp', ['-a', backup, dataDir]);
  writeFileSync(join(dataDir, 'recovery.signal'), '');
  giveToPostgres(join(dataDir, 'recovery.signal'));
  const port = await freePort();
  const settings = {
    port: String(port),
    listen_addresses: '127.0.0.1',
    unix_socket_directories: dir,
    hba_file: join(dataDir, 'pg_hba.conf'),
    ident_file: join(dataDir, 'pg_ident.conf'),
    restore_command: `cp ${archive}/%f %p`,
    recovery_target_timeline: 'latest',
    archive_mode: 'off',
    primary_conninfo: '',
    synchronous_standby_names: '',
  };
  const args = [
    '-D',
    dataDir,
    ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
  const server = new NativeProcess('restored postgres', join(PG_BIN, 'postgres'), args, { asPostgres: true });
  const url = `postgres://postgres@127.0.0.1:${port}/${database}`;
  try {
    await waitFor('the restore to reach the end of the archive and open', () => isPrimary(url), 180_000);
  } catch (error) {
    await server.kill('SIGKILL');
    throw new Error(`${error instanceof Error ? error.message : error}\n${server.logs}`);
  }
  const opened = await openDatabase({ databaseUrl: url });
  return {
    database: opened,
    stop: async () => {
      await opened.close();
      await server.kill('SIGTERM');
    },
  };
}

async function isPrimary(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ recovering: boolean }>('select pg_is_in_recovery() as recovering');
    return rows[0]?.recovering === false;
  } finally {
    await client.end().catch(() => {});
  }
}
