import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../chaos/harness/server-process.ts';
import { OWNER_ROLE, ROLES_SQL } from '../../src/db/privileges.ts';
import { giveToPostgres, killPostmaster, NativeProcess, waitFor } from './native-process.ts';

const PG_BIN = '/usr/lib/postgresql/15/bin';

// Failure detection: the leader key lives TTL seconds; a replica takes it after that. Patroni's
// defaults (30/10/10) mean about 30-40 s without a primary; the test cluster runs at 10/1/3.
export const FAILOVER_TIMING = { ttl: 10, loop_wait: 1, retry_timeout: 3 };

export type PatroniNode = {
  name: string;
  pgPort: number;
  restPort: number;
  dataDir: string;
  process: NativeProcess;
};

export type Etcd = { url: string; process: NativeProcess };

export async function startEtcd(dir: string): Promise<Etcd> {
  const [client, peer] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${client}`;
  const peerUrl = `http://127.0.0.1:${peer}`;
  const process = new NativeProcess('etcd', 'etcd', [
    '--name=kc',
    `--data-dir=${join(dir, 'etcd')}`,
    `--listen-client-urls=${url}`,
    `--advertise-client-urls=${url}`,
    `--listen-peer-urls=${peerUrl}`,
    `--initial-advertise-peer-urls=${peerUrl}`,
    `--initial-cluster=kc=${peerUrl}`,
  ]);
  await waitFor('etcd', async () => (await fetch(`${url}/health`)).ok, 30_000);
  return { url, process };
}

/**
 * The WAL archive is shared by every node (in production, a bucket). Both nodes archive what they
 * have (archive_mode=always), so a segment the dying primary had not archived yet still arrives
 * from the standby; a segment already there is accepted when it is the same file.
 */
export function writeArchiveScript(dir: string): { script: string; archive: string } {
  const archive = join(dir, 'wal-archive');
  mkdirSync(archive);
  const script = join(dir, 'archive-wal.sh');
  writeFileSync(
    script,
    [
      '#!/bin/sh',
      '# archive-wal.sh <path> <file name>: copies one WAL file into the archive, atomically',
      `dest="${archive}/$2"`,
      'if [ -f "$dest" ]; then exec cmp -s "$1" "$dest"; fi',
      'cp "$1" "$dest.tmp.$$" && mv "$dest.tmp.$$" "$dest"',
      '',
    ].join('\n'),
  );
  chmodSync(script, 0o755);
  giveToPostgres(archive, script);
  return { script, archive };
}

/**
 * What Patroni runs once, on the node that bootstraps the cluster, as its superuser: the app's two
 * roles (src/db/privileges.ts) and the database, owned by the schema's owner, so its first API
 * process migrates as that role. The standby gets both by replication.
 */
export function writeBootstrapScript(dir: string, database: string): string {
  const script = join(dir, 'post-bootstrap.sh');
  writeFileSync(
    script,
    [
      '#!/bin/sh',
      '# post-bootstrap.sh <connection URL>: the KreyolCash roles and database',
      'set -e',
      `${PG_BIN}/psql "$1" -v ON_ERROR_STOP=1 <<'SQL'`,
      `${ROLES_SQL};`,
      `create database ${database} owner ${OWNER_ROLE};`,
      'SQL',
      '',
    ].join('\n'),
  );
  chmodSync(script, 0o755);
  giveToPostgres(script);
  return script;
}

export async function startPatroniNode(
  dir: string,
  name: string,
  etcd: Etcd,
  scripts: { archive: string; postBootstrap: string },
): Promise<PatroniNode> {
  const [pgPort, restPort] = [await freePort(), await freePort()];
  const dataDir = join(dir, name);
  mkdirSync(dataDir, { mode: 0o700 });
  giveToPostgres(dataDir);
  const configFile = join(dir, `${name}.yml`);
  writeFileSync(
    configFile,
    patroniConfig({ name, pgPort, restPort, dataDir, etcd, socketDir: dir, scripts }),
  );
  giveToPostgres(configFile);
  const process = new NativeProcess(`patroni ${name}`, 'patroni', [configFile], { asPostgres: true });
  return { name, pgPort, restPort, dataDir, process };
}

/** A dead machine: Patroni and its PostgreSQL both killed at once. */
export async function killNode(node: PatroniNode): Promise<void> {
  await node.process.kill('SIGKILL');
  killPostmaster(node.dataDir);
}

export type Member = { name: string; role: string; state: string; lag?: number | string };

export async function membersOf(node: PatroniNode): Promise<Member[]> {
  const answer = await fetch(`http://127.0.0.1:${node.restPort}/cluster`, {
    signal: AbortSignal.timeout(2000),
  });
  return ((await answer.json()) as { members: Member[] }).members;
}

/** Waits until `leader` leads and, when given, `standby` streams as the synchronous standby. */
export async function waitForRoles(node: PatroniNode, leader: string, standby?: string): Promise<void> {
  await waitFor(
    `${leader} to lead${standby ? ` with ${standby} as synchronous standby` : ''}`,
    async () => {
      const members = await membersOf(node);
      const led = members.some((m) => m.name === leader && m.role === 'leader' && m.state === 'running');
      const synced =
        !standby ||
        members.some(
          (m) =>
            m.name === standby && m.role === 'sync_standby' && ['running', 'streaming'].includes(m.state),
        );
      return led && synced;
    },
    120_000,
  );
}

function patroniConfig(o: {
  name: string;
  pgPort: number;
  restPort: number;
  dataDir: string;
  etcd: Etcd;
  socketDir: string;
  scripts: { archive: string; postBootstrap: string };
}): string {
  // JSON is YAML: no YAML writer needed.
  return JSON.stringify(
    {
      scope: 'kreyolcash',
      name: o.name,
      restapi: { listen: `127.0.0.1:${o.restPort}`, connect_address: `127.0.0.1:${o.restPort}` },
      etcd3: { hosts: [new URL(o.etcd.url).host] },
      bootstrap: {
        dcs: {
          ...FAILOVER_TIMING,
          maximum_lag_on_failover: 1_048_576,
          // Only a synchronous standby may be promoted, and a commit is acknowledged only once
          // that standby has it: a failover loses no acknowledged payment.
          synchronous_mode: true,
          postgresql: {
            use_pg_rewind: true,
            parameters: {
              wal_level: 'replica',
              hot_standby: 'on',
              max_connections: 200,
              max_wal_senders: 10,
              max_replication_slots: 10,
              wal_log_hints: 'on',
              archive_mode: 'always',
              archive_command: `${o.scripts.archive} %p %f`,
              archive_timeout: 60,
            },
          },
        },
        initdb: [{ encoding: 'UTF8' }, { locale: 'C.UTF-8' }],
        post_bootstrap: o.scripts.postBootstrap,
        pg_hba: ['host replication all 127.0.0.1/32 trust', 'host all all 127.0.0.1/32 trust'],
      },
      postgresql: {
        listen: `127.0.0.1:${o.pgPort}`,
        connect_address: `127.0.0.1:${o.pgPort}`,
        data_dir: o.dataDir,
        bin_dir: PG_BIN,
        authentication: {
          superuser: { username: 'postgres' },
          replication: { username: 'postgres' },
          rewind: { username: 'postgres' },
        },
        parameters: { unix_socket_directories: o.socketDir },
      },
    },
    null,
    2,
  );
}
