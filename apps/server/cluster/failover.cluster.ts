import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import {
  attempt,
  runBankWorkload,
  startSnapshotReader,
  type TransferLog,
} from '../chaos/harness/bank-workload.ts';
import { printFigures, scaled } from '../chaos/harness/figures.ts';
import {
  duplicatedOnRetry,
  lostAcknowledged,
  movementsWithoutKey,
  tally,
} from '../chaos/harness/reconcile.ts';
import { CHAOS_JWT_SECRET } from '../chaos/harness/server-process.ts';
import { openDatabase } from '../src/db/database.ts';
import { APP_ROLE, OWNER_ROLE } from '../src/db/privileges.ts';
import type { DB } from '../src/db/schema.ts';
import { openEventStream } from '../src/test-support/event-stream.ts';
import {
  checkLedger,
  codeForMovement,
  type SeededUser,
  seedUser,
} from '../src/test-support/ledger-fixtures.ts';
import { seededRandom, seedFrom } from '../src/test-support/seeded-random.ts';
import { archiveUpToNow, restoreFromArchive, takeBaseBackup } from './harness/backup.ts';
import { Cluster, DATABASE_NAME, OPS_TOKEN } from './harness/cluster.ts';
import { waitFor } from './harness/native-process.ts';
import { waitForRoles } from './harness/patroni.ts';

const ACCOUNTS = 50;
const CLIENTS = 16;

// The production topology on this machine (harness/cluster.ts), then the bank workload through
// HAProxy with Idempotency-Keys: its capacity with one and with three API processes; an API
// process killed, then the PostgreSQL primary, so Patroni promotes the synchronous standby; no
// acknowledged transfer lost or made twice, every invariant on the new primary, events still
// delivered by the survivors, rate limits shared; and a restore of the nightly backup plus the
// WAL archive that matches the ledger.
describe('the cluster', () => {
  let cluster: Cluster;
  let users: SeededUser[];
  let backup: string;
  let issued: number;
  const host = () => ({ database: cluster.admin, config: { jwtSecret: CHAOS_JWT_SECRET } });
  // The code's reader goes straight to the primary, which is briefly missing during a failover.
  const codeFor = (id: string) => retried(() => codeForMovement(host(), id), 60_000);

  beforeAll(async () => {
    cluster = await Cluster.start();
    try {
      await cluster.startApi(0); // the first process migrates
      users = [];
      for (let i = 0; i < ACCOUNTS; i++) users.push(await seedUser(host()));
      issued = (await checkLedger(cluster.admin.db)).issuedCentis;
      backup = takeBaseBackup(cluster.dir, cluster.haproxy.primaryPort);
    } catch (error) {
      console.error(cluster.logs());
      throw error;
    }
  });
  afterAll(async () => {
    await cluster?.stop();
  });
  beforeEach(() => {
    onTestFailed(() => console.error(cluster.logs()));
  });

  it("runs the API as the app's role, which cannot switch off the audit trail's trigger", async () => {
    const { rows: owners } = await sql<{ owner: string }>`
      select distinct relowner::regrole::text as owner from pg_class
       where relnamespace = 'public'::regnamespace and relkind = 'r'`.execute(cluster.admin.db);
    expect(owners).toEqual([{ owner: OWNER_ROLE }]);
    const { rows: sessions } = await sql<{ role: string }>`
      select distinct usename::text as role from pg_stat_activity
       where datname = current_database() and usename::text <> current_user`.execute(cluster.admin.db);
    expect(sessions).toEqual([{ role: APP_ROLE }]);
    // Through PgBouncer, as the API processes connect.
    const app = await openDatabase({
      databaseUrl: `postgres://${APP_ROLE}@127.0.0.1:${cluster.pgbouncer.port}/${DATABASE_NAME}`,
    });
    try {
      for (const statement of [
        sql`alter table auditoria disable trigger kc_auditoria_so_insercao`,
        sql`set session_replication_role = replica`,
        sql`delete from kreyolcash_lancamentos`,
      ]) {
        await expect(statement.execute(app.db)).rejects.toMatchObject({ code: '42501' });
      }
    } finally {
      await app.close();
    }
  });

  it('serves the bank workload through HAProxy with one and with three API processes', async () => {
    await cluster.waitForApiCount(1);
    const one = await throughput(cluster, users, codeFor);
    await Promise.all([cluster.startApi(1), cluster.startApi(2)]);
    await cluster.waitForApiCount(3);
    const three = await throughput(cluster, users, codeFor);
    printFigures('cluster capacity (transfers through HAProxy)', {
      'API processes': '1 → 3',
      'committed/s': `${one.committedPerSecond} → ${three.committedPerSecond}`,
      'attempted/s': `${one.attemptedPerSecond} → ${three.attemptedPerSecond}`,
      '5xx': `${one.serverErrors} → ${three.serverErrors}`,
    });
    expect(one.committedPerSecond).toBeGreaterThan(0);
    expect(three.committedPerSecond).toBeGreaterThan(0);
    expect(one.serverErrors + three.serverErrors).toBe(0);
  });

  it('shows payers their own transfer at once, with statements read on the standby', async () => {
    // Until some reads were served by the standby (a read finds it caught up unless its replay
    // lags), and at least 12: every payer must see its own transfer either way.
    // The bank workload before left some accounts nearly empty (its amounts are random): the
    // payers here are the 20 that can spend most, each paying ₭1 at most twice.
    const { payers, payees } = await richestFirst(cluster, users.slice(10));
    const seen: boolean[] = [];
    for (let i = 0; i < 40 && (seen.length < 12 || (await routedReads(cluster)).standby === 0); i++) {
      const payer = payers[i % payers.length] as SeededUser;
      const { movementId, cookie } = await payWithCookie(
        cluster.url,
        payer,
        payees[i % payees.length] as SeededUser,
        codeFor,
      );
      // The next request goes to another process (round-robin): only the cookie carries the write.
      const statement = await fetch(`${cluster.url}/api/wallet/transactions`, {
        headers: { authorization: `Bearer ${payer.accessToken}`, cookie },
      });
      seen.push((await statement.text()).includes(movementId));
    }
    const routed = await routedReads(cluster);
    printFigures('statement reads in the cluster', {
      'payer saw the transfer': `${seen.filter(Boolean).length}/12`,
      ...routed,
    });
    expect(seen.every(Boolean)).toBe(true);
    expect(routed.standby).toBeGreaterThan(0);
  });

  it('loses and duplicates nothing when an API process and then the primary die', async () => {
    const seed = seedFrom('CLUSTER_SEED');
    const survivor = cluster.apis[2];
    const listener = users[1] as SeededUser;
    if (!survivor) throw new Error('API process 3 is not running');
    const stream = await openEventStream(`${survivor.url}/api/events`, listener.accessToken);
    await stream.next('balance');
    const reader = startSnapshotReader(cluster.admin.db, 200);
    const events = { crashedAt: 0, primaryKilledAt: 0, promotedAt: 0, heardAtPromotion: 0 };
    const transactionsHeard = () => stream.events.filter((e) => e.event === 'transaction').length;
    let isChaosDone = false;
    const chaos = (async () => {
      await sleep(scaled(8_000));
      events.crashedAt = Date.now();
      await cluster.apis[0]?.crash();
      await sleep(scaled(8_000));
      events.primaryKilledAt = Date.now();
      const dead = await cluster.killPrimary();
      const standby = cluster.nodes.find((node) => node !== dead);
      if (!standby) throw new Error('no standby');
      await waitForRoles(standby, standby.name);
      events.promotedAt = Date.now();
      events.heardAtPromotion = transactionsHeard();
      // Serve on the new primary for a while before the workload ends.
      await sleep(Math.max(5_000, scaled(10_000)));
      isChaosDone = true;
    })();
    const { counts, log } = await runBankWorkload({
      baseUrls: [cluster.url],
      users,
      clients: CLIENTS,
      uniformMs: scaled(20_000),
      hotMs: 0,
      phaseDone: [() => isChaosDone, () => true],
      rand: seededRandom(seed),
      codeFor,
    });
    await chaos;
    const snapshots = await reader.stop();

    // The client retries every request whose outcome it never learned, with the same key.
    const before = tally(log);
    const acknowledgedBefore = new Map(log.filter((e) => e.movementId).map((e) => [e.key, e.movementId]));
    const unknown = () => log.filter((e) => e.initiate === 'unknown' || e.verify === 'unknown');
    for (let pass = 0; pass < 3 && unknown().length > 0; pass++) {
      if (pass > 0) await sleep(2_000);
      for (const entry of unknown()) {
        counts.retries += 1;
        await attempt(cluster.url, entry, { codeFor }, counts);
      }
    }
    const db = cluster.admin.db;
    const lost = await retried(() => lostAcknowledged(db, log), 30_000);
    const duplicated = duplicatedOnRetry(log, acknowledgedBefore);
    const withoutKey = await retried(() => movementsWithoutKey(db), 30_000);
    const check = await retried(() => checkLedger(db), 30_000);
    const ledgerCheckExit = runLedgerCheckCommand(cluster);

    // One more payment to the listener, through HAProxy: its survivor process must tell it.
    const heardBefore = transactionsHeard();
    await payOnce(cluster, users[0] as SeededUser, listener, codeFor);
    await waitFor('the survivor to deliver the event', async () => transactionsHeard() > heardBefore, 30_000);
    stream.close();

    const badSnapshots = snapshots.sums.filter((sum) => sum !== issued).length;
    printFigures(`cluster failover (seed ${seed})`, {
      attempted: counts.attempted,
      'before retry': before,
      'unknown retried': counts.retries,
      'after retry': tally(log),
      refused: counts.rejected,
      'seconds without service (API process killed)': outage(log, events.crashedAt, events.primaryKilledAt),
      'seconds without service (primary killed)': outage(log, events.primaryKilledAt, Date.now()),
      'seconds until Patroni promoted the standby': (
        (events.promotedAt - events.primaryKilledAt) /
        1000
      ).toFixed(1),
      'acknowledged lost': lost,
      duplicated,
      'movements with no key': withoutKey,
      'events heard on the survivor after the failover': transactionsHeard() - events.heardAtPromotion,
      snapshots: snapshots.snapshots,
      'snapshot reads failed (no primary)': snapshots.failedReads,
      'snapshots ≠ issued': badSnapshots,
      'Σ balances = issued': check.balancesCentis === issued,
      negative: check.negativeBalances,
      'balances ≠ movements': check.mismatchedUsers,
      'ledger:check on the new primary (exit code)': ledgerCheckExit,
    });
    expect(counts.committed).toBeGreaterThan(0);
    expect(lost).toBe(0);
    expect(duplicated).toBe(0);
    expect(withoutKey).toBe(0);
    expect(unknown()).toHaveLength(0);
    expect(badSnapshots).toBe(0);
    expect(check.balancesCentis).toBe(issued);
    expect(check.negativeBalances).toBe(0);
    expect(check.mismatchedUsers).toBe(0);
    expect(check.problems).toEqual([]);
    expect(ledgerCheckExit).toBe(0);
  });

  it('keeps the abuse limits shared by the surviving processes (Redis)', async () => {
    const [second, third] = [cluster.apis[1], cluster.apis[2]];
    if (!second || !third) throw new Error('API processes 2 and 3 are not running');
    const asker = await seedUser(host());
    const target = users[3] as SeededUser;
    // The lookup rule allows 30 a user per 10 minutes, times the cluster's RATE_LIMIT_MULTIPLIER.
    const allowed = 30 * Number(process.env.CLUSTER_RATE_LIMIT_MULTIPLIER ?? 20);
    const statuses: number[] = [];
    for (let i = 0; i <= allowed; i++) {
      const server = i % 2 === 0 ? second : third;
      const answer = await fetch(`${server.url}/api/users/lookup?email=${encodeURIComponent(target.email)}`, {
        headers: { authorization: `Bearer ${asker.accessToken}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, allowed).every((status) => status === 200)).toBe(true);
    expect(statuses[allowed]).toBe(429);
  });

  it('restores the base backup and the WAL archive to the same ledger (the restore drill)', async () => {
    await Promise.all(cluster.apis.map((api) => api?.stop()));
    await archiveUpToNow(`${cluster.primaryUrl}`, cluster.archive);
    const live = await retried(() => fingerprint(cluster.admin.db), 30_000);
    const restored = await restoreFromArchive(cluster.dir, backup, cluster.archive, 'kreyolcash');
    try {
      const copy = await fingerprint(restored.database.db);
      const check = await checkLedger(restored.database.db);
      printFigures('restore drill (base backup + WAL archive)', {
        ...copy,
        'ledger:check problems': check.problems.length,
      });
      expect(copy).toEqual(live);
      expect(check.problems).toEqual([]);
      expect(check.balancesCentis).toBe((await checkLedger(cluster.admin.db)).balancesCentis);
    } finally {
      await restored.stop();
    }
  });
});

async function throughput(cluster: Cluster, users: SeededUser[], codeFor: (id: string) => Promise<string>) {
  const started = Date.now();
  const { counts } = await runBankWorkload({
    baseUrls: [cluster.url],
    users,
    clients: CLIENTS,
    uniformMs: scaled(10_000),
    hotMs: 0,
    rand: seededRandom(seedFrom('CLUSTER_SEED')),
    codeFor,
  });
  const seconds = (Date.now() - started) / 1000;
  return {
    committedPerSecond: Math.round(counts.committed / seconds),
    attemptedPerSecond: Math.round(counts.attempted / seconds),
    serverErrors: counts.serverErrors,
  };
}

/**
 * The longest pause between two commits the clients saw, from the moment something died until
 * `until`: the time without service.
 */
function outage(log: TransferLog[], from: number, until: number): string {
  const times = log
    .map((e) => e.committedAt ?? 0)
    .filter((t) => t > 0)
    .sort((a, b) => a - b);
  let last = from;
  let longest = 0;
  for (const t of times.filter((time) => time > from && time <= until)) {
    longest = Math.max(longest, t - last);
    last = t;
  }
  if (last === from) return 'no commit';
  return (longest / 1000).toFixed(1);
}

async function payOnce(
  cluster: Cluster,
  payer: SeededUser,
  payee: SeededUser,
  codeFor: (id: string) => Promise<string>,
): Promise<void> {
  const entry: TransferLog = {
    key: crypto.randomUUID(),
    payer,
    body: { destinatario_email: payee.email, quantidade_centis: 1 },
    initiate: 'unknown',
  };
  const counts = { attempted: 0, committed: 0, rejected: {}, retries: 0, serverErrors: 0, unknown: 0 };
  await retried(async () => {
    await attempt(cluster.url, entry, { codeFor }, counts);
    if (entry.verify !== 'ok') throw new Error(`the payment ended ${entry.initiate}/${entry.verify}`);
  }, 30_000);
}

/** One transfer by fetch, keeping the read-your-writes cookie the verify answer sets. */
async function payWithCookie(
  baseUrl: string,
  payer: SeededUser,
  payee: SeededUser,
  codeFor: (id: string) => Promise<string>,
): Promise<{ movementId: string; cookie: string }> {
  const headers = { authorization: `Bearer ${payer.accessToken}`, 'content-type': 'application/json' };
  const initiated = await fetch(`${baseUrl}/api/transfers`, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ destinatario_email: payee.email, quantidade_centis: 100 }),
  });
  const answer = (await initiated.json()) as { movimentacao_id?: string };
  if (initiated.status !== 201 || !answer.movimentacao_id) {
    throw new Error(`the transfer was not started: ${initiated.status} ${JSON.stringify(answer)}`);
  }
  const movementId = answer.movimentacao_id;
  const verified = await fetch(`${baseUrl}/api/transfers/${movementId}/verify`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ codigo: await codeFor(movementId) }),
  });
  expect(verified.status).toBe(200);
  const cookie = verified.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { movementId, cookie };
}

/** Statement reads the API processes sent to the standby and to the primary, from /metrics. */
async function routedReads(cluster: Cluster): Promise<{ standby: number; primary: number }> {
  const totals = { standby: 0, primary: 0 };
  for (const api of cluster.apis) {
    if (!api) continue;
    const text = await (
      await fetch(`${api.url}/metrics`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } })
    ).text();
    for (const match of text.matchAll(/^kreyolcash_db_routed_reads_total\{([^}]*)\} (\d+)/gm)) {
      const server = /server="(\w+)"/.exec(match[1] ?? '')?.[1];
      if (server === 'standby' || server === 'primary') totals[server] += Number(match[2]);
    }
  }
  return totals;
}

/** `npm run ledger:check` (the compiled command) against the current primary, as the app's role. */
function runLedgerCheckCommand(cluster: Cluster): number {
  try {
    execFileSync(process.execPath, [join(cluster.buildDir, 'ledger-check.js')], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: cluster.primaryAs(APP_ROLE) },
      stdio: 'pipe',
    });
    return 0;
  } catch (error) {
    console.error(String((error as { stdout?: Buffer }).stdout ?? ''));
    return (error as { status?: number }).status ?? 1;
  }
}

/** What a restore must reproduce exactly: the movements and every balance. */
async function fingerprint(db: Kysely<DB>) {
  const { rows } = await sql<{ movements: number; concluded: number; balances: number; last: string | null }>`
    select (select count(*)::int from kreyolcash_movimentacoes) as movements,
           (select count(*)::int from kreyolcash_movimentacoes where status = 'concluida') as concluded,
           (select coalesce(sum(saldo_centis), 0)::bigint from kreyolcash_contas where tipo = 'usuario') as balances,
           (select md5(string_agg(id::text || ':' || saldo_centis, ',' order by id)) from kreyolcash_contas) as last`.execute(
    db,
  );
  return rows[0];
}

/** The accounts that can spend most (available balance) first: the first half pays, the rest is paid. */
async function richestFirst(cluster: Cluster, candidates: SeededUser[]) {
  const { rows } = await sql<{ id: string }>`
    select id::text from kreyolcash_contas
     where id = any(${candidates.map((u) => u.id)}::uuid[])
     order by saldo_centis - reservado_centis desc, id`.execute(cluster.admin.db);
  const byId = new Map(candidates.map((u) => [u.id, u]));
  const ordered = rows.map((r) => byId.get(r.id)).filter((u): u is SeededUser => u !== undefined);
  const half = Math.floor(ordered.length / 2);
  return { payers: ordered.slice(0, half), payees: ordered.slice(half) };
}

async function retried<T>(work: () => Promise<T>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(250);
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
