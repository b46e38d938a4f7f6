import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, codeForMovement } from '../src/test-support/ledger-fixtures.ts';
import { queueNotices, transferNotices } from '../src/test-support/notices.ts';
import { seededRandom, seedFrom } from '../src/test-support/seeded-random.ts';
import { serverDatabaseEnv } from '../src/test-support/test-database.ts';
import { type Bank, openBank } from './harness/bank-setup.ts';
import { attempt, runBankWorkload } from './harness/bank-workload.ts';
import { printFigures, scaled } from './harness/figures.ts';
import { duplicatedOnRetry, lostAcknowledged, movementsWithoutKey, tally } from './harness/reconcile.ts';
import { ServerProcess } from './harness/server-process.ts';

const KILLS = 4;

// Stopping the PostgreSQL server itself (once, -m immediate: no checkpoint, like a power cut)
// needs the local cluster's tools; CHAOS_PG_RESTART=0 skips it.
function restartPostgresImmediately(): boolean {
  if (
    process.env.CHAOS_PG_RESTART === '0' ||
    !existsSync('/usr/bin/pg_ctlcluster') ||
    !existsSync('/etc/postgresql')
  )
    return false;
  const version = readdirSync('/etc/postgresql')[0];
  if (!version) return false;
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'stop', '-m', 'immediate'], {
    stdio: 'ignore',
  });
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'ignore' });
  return true;
}

// T2 — the bank workload while the API process is killed with SIGKILL several times (and the
// database server stopped abruptly once). The client keeps every request's key and outcome; after
// the storm it retries each unknown with the same key, as a real client would.
describe('T2 crash', () => {
  let bank: Bank;
  let server: ServerProcess;
  beforeAll(async () => {
    bank = await openBank(50);
    server = await ServerProcess.start(serverDatabaseEnv(bank.database));
  });
  afterAll(async () => {
    await server?.stop();
    await bank?.database.close();
  });

  // Four restarts of the server (and one of PostgreSQL) under load, then each unknown retried in
  // turn: its phases wait on conditions, and the whole has the budget of a loaded machine.
  it('loses no acknowledged transfer, duplicates none and leaves none half-written', {
    timeout: 360_000,
  }, async () => {
    const seed = seedFrom('CHAOS_SEED');
    const issued = (await checkLedger(bank.database.db)).issuedCentis;
    const codeFor = (id: string) => codeForMovement(bank.host, id);
    let kills = 0;
    let postgresRestarts = 0;
    let isDone = false;
    const killer = (async () => {
      while (!isDone && kills < KILLS) {
        await new Promise((resolve) => setTimeout(resolve, scaled(2_500)));
        if (isDone) break;
        await server.kill('SIGKILL');
        kills += 1;
        if (kills === 2 && restartPostgresImmediately()) postgresRestarts += 1;
        await server.boot();
      }
    })();
    const { counts, log } = await runBankWorkload({
      baseUrls: [server.url],
      users: bank.users,
      clients: 24,
      // Each phase lasts until half the kills (and restarts) are done, however slow the machine.
      uniformMs: scaled(5_000),
      hotMs: scaled(5_000),
      phaseDone: [() => kills >= KILLS / 2, () => kills >= KILLS],
      rand: seededRandom(seed),
      codeFor: (id) => codeFor(id).catch(() => '000000'),
    });
    isDone = true;
    await killer;

    const outcomesBefore = tally(log);
    const acknowledgedBefore = new Map(log.filter((e) => e.movementId).map((e) => [e.key, e.movementId]));
    for (const entry of log.filter((e) => e.initiate === 'unknown' || e.verify === 'unknown')) {
      counts.retries += 1;
      await attempt(server.url, entry, { codeFor }, counts);
    }
    const lost = await lostAcknowledged(bank.database.db, log);
    const duplicated = duplicatedOnRetry(log, acknowledgedBefore);
    const movementsPerKey = await movementsWithoutKey(bank.database.db);
    const check = await checkLedger(bank.database.db);
    // What a killed server left underived is derived now: every posted transfer is told, once.
    await queueNotices(bank.database.db);
    const notices = await transferNotices(bank.database.db);

    printFigures(`T2 crash (seed ${seed})`, {
      kills,
      'postgres restarts': postgresRestarts,
      attempted: counts.attempted,
      'before retry': outcomesBefore,
      'unknown retried': counts.retries,
      'after retry': tally(log),
      committed: counts.committed,
      'acknowledged lost': lost,
      duplicated,
      'movements with no key': movementsPerKey,
      'Σ balances = issued': check.balancesCentis === issued,
      negative: check.negativeBalances,
      'half-written (balances ≠ movements)': check.mismatchedUsers,
      'ledger:check problems': check.problems.length,
      '"done" notices owed / queued / queued twice': `${notices.owed} / ${notices.queued} / ${notices.doubled}`,
    });
    expect(kills).toBe(KILLS);
    expect(lost).toBe(0);
    expect(duplicated).toBe(0);
    expect(movementsPerKey).toBe(0);
    expect(check.balancesCentis).toBe(issued);
    expect(check.negativeBalances).toBe(0);
    expect(check.mismatchedUsers).toBe(0);
    expect(check.problems).toEqual([]); // what npm run ledger:check finds
    expect(notices.owed).toBeGreaterThan(0);
    expect(notices).toEqual({ owed: notices.owed, queued: notices.owed, doubled: 0 });
    expect(log.filter((e) => e.initiate === 'unknown' || e.verify === 'unknown')).toHaveLength(0);
  });
});
