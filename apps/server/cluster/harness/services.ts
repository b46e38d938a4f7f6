import { writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { freePort } from '../../chaos/harness/server-process.ts';
import { APP_ROLE } from '../../src/db/privileges.ts';
import { giveToPostgres, NativeProcess, waitFor } from './native-process.ts';
import type { PatroniNode } from './patroni.ts';

export type Haproxy = {
  httpPort: number;
  primaryPort: number;
  replicaPort: number;
  socket: string;
  process: NativeProcess;
};

/**
 * One HAProxy for both tiers: HTTP round-robin over the API processes (a process is taken out
 * when its readiness probe fails, so a draining one gets no new request), and TCP to whichever
 * PostgreSQL node Patroni's REST API calls the primary (or a replica).
 */
export async function startHaproxy(dir: string, apiPorts: number[], nodes: PatroniNode[]): Promise<Haproxy> {
  const [httpPort, primaryPort, replicaPort] = [await freePort(), await freePort(), await freePort()];
  const socket = join(dir, 'haproxy.sock');
  const postgresTo = (name: string, port: number, check: string) => [
    `listen ${name}`,
    '  mode tcp',
    `  bind 127.0.0.1:${port}`,
    `  option httpchk GET ${check}`,
    '  http-check expect status 200',
    // A node that stops being what the check asks for loses its sessions at once, so no client
    // keeps writing to a demoted primary.
    '  default-server inter 1s fall 2 rise 1 on-marked-down shutdown-sessions',
    ...nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.pgPort} check port ${n.restPort}`),
  ];
  const config = [
    'global',
    '  maxconn 4096',
    `  stats socket ${socket} mode 600 level admin`,
    'defaults',
    '  timeout connect 3s',
    '  timeout client 1h',
    '  timeout server 1h',
    '  timeout tunnel 1h',
    'frontend api',
    '  mode http',
    `  bind 127.0.0.1:${httpPort}`,
    '  http-request deny if { path_beg /metrics }',
    '  default_backend api_processes',
    'backend api_processes',
    '  mode http',
    '  balance roundrobin',
    '  option httpchk GET /api/health/ready',
    '  http-check expect status 200',
    // A request that never reached a dead process goes to another; one that did is the client's
    // to retry with its Idempotency-Key (HAProxy never resends a POST that may have run).
    '  retry-on conn-failure',
    '  retries 2',
    '  option redispatch',
    '  default-server inter 1s fall 1 rise 2',
    ...apiPorts.map((port, i) => `  server api${i + 1} 127.0.0.1:${port} check`),
    ...postgresTo('postgres_primary', primaryPort, '/primary'),
    ...postgresTo('postgres_replica', replicaPort, '/replica'),
    '',
  ].join('\n');
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, config);
  const process = new NativeProcess('haproxy', 'haproxy', ['-db', '-f', file]);
  await waitFor('haproxy', () => canConnect(httpPort), 30_000);
  return { httpPort, primaryPort, replicaPort, socket, process };
}

/** The health state (UP, DOWN…) of each server of one HAProxy backend, from its stats socket. */
export async function serverStates(haproxy: Haproxy, backend: string): Promise<string[]> {
  const csv = await new Promise<string>((resolve, reject) => {
    const socket = createConnection({ path: haproxy.socket });
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    socket.once('end', () => resolve(text));
    socket.once('error', reject);
    socket.write('show stat\n');
  });
  const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
  const columns = header?.split(',') ?? [];
  const [name, server, status] = ['pxname', 'svname', 'status'].map((c) => columns.indexOf(c));
  return rows
    .map((row) => row.split(','))
    .filter(
      (cells) =>
        cells[name as number] === backend && !['FRONTEND', 'BACKEND'].includes(cells[server as number] ?? ''),
    )
    .map((cells) => (cells[status as number] ?? '').split(' ')[0] ?? '');
}

export type Pgbouncer = { port: number; process: NativeProcess };

/**
 * PgBouncer in transaction mode in front of HAProxy's PostgreSQL ports: `kreyolcash` is the
 * primary, `kreyolcash_read` the standby. After a failover its server connections to the old
 * primary fail and new ones reach the new primary through HAProxy.
 */
export async function startPgbouncer(dir: string, haproxy: Haproxy, database: string): Promise<Pgbouncer> {
  const port = await freePort();
  const users = join(dir, 'pgbouncer-users.txt');
  // Trust still needs each user listed: the app signs in as its own role (src/db/privileges.ts).
  writeFileSync(users, `"postgres" ""\n"${APP_ROLE}" ""\n`);
  const file = join(dir, 'pgbouncer.ini');
  writeFileSync(
    file,
    [
      '[databases]',
      `${database} = host=127.0.0.1 port=${haproxy.primaryPort} dbname=${database}`,
      `${database}_read = host=127.0.0.1 port=${haproxy.replicaPort} dbname=${database}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = trust',
      `auth_file = ${users}`,
      'pool_mode = transaction',
      'max_client_conn = 1000',
      'default_pool_size = 30',
      // Retry a failed server connection after 1 s (default 15): the new primary is up in seconds.
      'server_login_retry = 1',
      'server_connect_timeout = 3',
      'query_wait_timeout = 30',
      '',
    ].join('\n'),
  );
  giveToPostgres(dir, users, file);
  const process = new NativeProcess('pgbouncer', 'pgbouncer', [file], { asPostgres: true });
  await waitFor('pgbouncer', () => canConnect(port), 30_000);
  return { port, process };
}

export type Redis = { url: string; process: NativeProcess };

export async function startRedis(): Promise<Redis> {
  const port = await freePort();
  const process = new NativeProcess('redis', 'redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await waitFor('redis', () => canConnect(port), 30_000);
  return { url: `redis://127.0.0.1:${port}`, process };
}

export function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
