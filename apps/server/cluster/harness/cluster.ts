import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHAOS_JWT_SECRET, freePort } from '../../chaos/harness/server-process.ts';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { APP_ROLE, OWNER_ROLE } from '../../src/db/privileges.ts';
import {
  buildServerInto,
  type CompiledServer,
  scratchBuildFolder,
  startServerProcess,
} from '../../src/test-support/compiled-server.ts';
import { LIFTED_LEVEL_LIMITS_ENV } from '../../src/test-support/lifted-limits.ts';
import { TestWhatsAppGateway } from '../../src/test-support/whatsapp-gateway.ts';
import { giveToPostgres, killPostmaster, type NativeProcess, waitFor } from './native-process.ts';
import {
  type Etcd,
  killNode,
  type PatroniNode,
  startEtcd,
  startPatroniNode,
  waitForRoles,
  writeArchiveScript,
  writeBootstrapScript,
} from './patroni.ts';
import {
  type Haproxy,
  type Pgbouncer,
  type Redis,
  serverStates,
  startHaproxy,
  startPgbouncer,
  startRedis,
} from './services.ts';

export const DATABASE_NAME = 'kreyolcash';
/** The bearer that reads each API process's /metrics. */
export const OPS_TOKEN = 'cluster-ops-token-that-is-long-enough-0123456789';
const API_PROCESSES = 3;

/**
 * The whole production topology on one machine, every part on loopback ports and in folders of
 * its own: etcd, two PostgreSQL nodes under Patroni (a primary and a synchronous standby),
 * HAProxy, PgBouncer, Redis, a WhatsApp gateway and three compiled API processes.
 */
export class Cluster {
  readonly apis: (CompiledServer | undefined)[] = [];
  private constructor(
    readonly dir: string,
    private readonly build: { dir: string; remove: () => void },
    readonly etcd: Etcd,
    readonly nodes: PatroniNode[],
    readonly archive: string,
    readonly apiPorts: number[],
    readonly haproxy: Haproxy,
    readonly pgbouncer: Pgbouncer,
    readonly redis: Redis,
    readonly gateway: TestWhatsAppGateway,
    /** Straight to the primary through HAProxy (no PgBouncer): seeding and checks. */
    readonly admin: Database,
  ) {}

  static async start(): Promise<Cluster> {
    const dir = mkdtempSync(join(tmpdir(), 'kc-cluster-'));
    chmodSync(dir, 0o755);
    giveToPostgres(dir);
    const build = scratchBuildFolder();
    const started: { process: NativeProcess; dataDir?: string }[] = [];
    const keep = <T extends { process: NativeProcess; dataDir?: string }>(part: T): T => {
      started.push(part);
      return part;
    };
    try {
      const building = buildServerInto(build.dir);
      const etcd = keep(await startEtcd(dir));
      const { script, archive } = writeArchiveScript(dir);
      const scripts = { archive: script, postBootstrap: writeBootstrapScript(dir, DATABASE_NAME) };
      const first = keep(await startPatroniNode(dir, 'pg1', etcd, scripts));
      await waitForRoles(first, 'pg1');
      const second = keep(await startPatroniNode(dir, 'pg2', etcd, scripts));
      await waitForRoles(first, 'pg1', 'pg2');
      const nodes = [first, second];
      const apiPorts = await Promise.all(Array.from({ length: API_PROCESSES }, () => freePort()));
      const haproxy = keep(await startHaproxy(dir, apiPorts, nodes));
      const adminUrl = `postgres://postgres@127.0.0.1:${haproxy.primaryPort}`;
      // HAProxy starts with every server up until its checks say otherwise.
      await waitFor(
        'HAProxy to route to the primary alone',
        async () => (await serverStates(haproxy, 'postgres_primary')).join() === 'UP,DOWN',
        30_000,
      );
      const pgbouncer = keep(await startPgbouncer(dir, haproxy, DATABASE_NAME));
      const redis = keep(await startRedis());
      const gateway = new TestWhatsAppGateway();
      await gateway.start();
      await building;
      const admin = await openDatabase({ databaseUrl: `${adminUrl}/${DATABASE_NAME}` });
      return new Cluster(
        dir,
        build,
        etcd,
        nodes,
        archive,
        apiPorts,
        haproxy,
        pgbouncer,
        redis,
        gateway,
        admin,
      );
    } catch (error) {
      for (const part of started) console.error(part.process.logs.slice(-3000));
      await Promise.all(started.map((part) => part.process.kill()));
      for (const part of started) if (part.dataDir) killPostmaster(part.dataDir);
      rmSync(dir, { recursive: true, force: true });
      build.remove();
      throw error;
    }
  }

  /** The compiled server (main.js, ledger-check.js…) the API processes run. */
  get buildDir(): string {
    return this.build.dir;
  }

  /** What clients call: HAProxy's HTTP front. */
  get url(): string {
    return `http://127.0.0.1:${this.haproxy.httpPort}`;
  }

  /** The primary through HAProxy as its superuser: archiving, backups, checks. */
  get primaryUrl(): string {
    return this.primaryAs('postgres');
  }

  /** The primary through HAProxy, no PgBouncer, as `role`: the app's or the schema owner's. */
  primaryAs(role: string): string {
    return `postgres://${role}@127.0.0.1:${this.haproxy.primaryPort}/${DATABASE_NAME}`;
  }

  /** Starts API process `index` (0-based) on its port; the first one to start migrates. */
  async startApi(index: number): Promise<CompiledServer> {
    const port = this.apiPorts[index] as number;
    const dataDir = join(this.dir, `api${index + 1}`);
    mkdirSync(join(dataDir, 'web'), { recursive: true });
    writeFileSync(join(dataDir, 'web', 'index.html'), '<!doctype html><title>KreyolCash</title>');
    const pooled = `postgres://${APP_ROLE}@127.0.0.1:${this.pgbouncer.port}`;
    const server = await startServerProcess(['--enable-source-maps', join(this.build.dir, 'main.js')], {
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: `${pooled}/${DATABASE_NAME}`,
      DATABASE_READ_URL: `${pooled}/${DATABASE_NAME}_read`,
      // LISTEN holds one server session for its whole life, and the migrations a session-level
      // lock: both bypass PgBouncer. The migrations run as the schema's owner.
      DATABASE_LISTEN_URL: this.primaryAs(APP_ROLE),
      DATABASE_OWNER_URL: this.primaryAs(OWNER_ROLE),
      REDIS_URL: this.redis.url,
      JWT_SECRET: CHAOS_JWT_SECRET,
      PUBLIC_URL: this.url,
      SMTP_URL: 'smtp://127.0.0.1:1',
      WHATSAPP_GATEWAY_URL: this.gateway.url,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'web'),
      LEVEL_LIMITS: LIFTED_LEVEL_LIMITS_ENV,
      RATE_LIMIT_MULTIPLIER: process.env.CLUSTER_RATE_LIMIT_MULTIPLIER ?? '20',
      SHUTDOWN_DRAIN_MS: '1500',
      OPS_TOKEN,
    });
    this.apis[index] = server;
    return server;
  }

  /** Waits until HAProxy sends traffic to exactly `count` API processes. */
  async waitForApiCount(count: number): Promise<void> {
    await waitFor(
      `${count} API processes up in HAProxy`,
      async () =>
        (await serverStates(this.haproxy, 'api_processes')).filter((s) => s === 'UP').length === count,
      30_000,
    );
  }

  async killPrimary(): Promise<PatroniNode> {
    const primary = await this.primaryNode();
    await killNode(primary);
    return primary;
  }

  async primaryNode(): Promise<PatroniNode> {
    for (const node of this.nodes) {
      const answer = await fetch(`http://127.0.0.1:${node.restPort}/primary`).catch(() => undefined);
      if (answer?.status === 200) return node;
    }
    throw new Error('no node is the primary');
  }

  logs(): string {
    return [
      this.etcd.process,
      ...this.nodes.map((n) => n.process),
      this.haproxy.process,
      this.pgbouncer.process,
    ]
      .map((p) => p.logs.slice(-4000))
      .concat(this.apis.map((api, i) => `── api${i + 1} ──\n${api?.logs().slice(-4000) ?? ''}`))
      .join('\n');
  }

  async stop(): Promise<void> {
    await Promise.all(this.apis.map((api) => api?.crash()));
    await this.admin.close().catch(() => {});
    await this.gateway.stop();
    await Promise.all([
      this.haproxy.process.kill(),
      this.pgbouncer.process.kill(),
      this.redis.process.kill(),
    ]);
    await Promise.all(this.nodes.map((node) => killNode(node)));
    await this.etcd.process.kill();
    this.build.remove();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
