import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, codeForMovement } from '../src/test-support/ledger-fixtures.ts';
import { seededRandom, seedFrom } from '../src/test-support/seeded-random.ts';
import { serverDatabaseEnv } from '../src/test-support/test-database.ts';
import { type Bank, openBank } from './harness/bank-setup.ts';
import { runBankWorkload, startSnapshotReader } from './harness/bank-workload.ts';
import { printFigures, scaled } from './harness/figures.ts';
import { ServerProcess } from './harness/server-process.ts';

// T1 — Jepsen's bank workload through the real HTTP API of a real server process: 50 accounts,
// 24 clients, random amounts (many overdrawing), then a hot phase on 2 accounts; a reader sums
// every balance in one statement every 100 ms.
describe('T1 bank workload', () => {
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

  it('conserves the sum in every snapshot, never goes negative, and releases every reservation', async () => {
    const seed = seedFrom('CHAOS_SEED');
    const issued = (await checkLedger(bank.database.db)).issuedCentis;
    const reader = startSnapshotReader(bank.database.db);
    const started = Date.now();
    const { counts } = await runBankWorkload({
      baseUrls: [server.url],
      users: bank.users,
      clients: 24,
      uniformMs: scaled(8_000),
      hotMs: scaled(8_000),
      rand: seededRandom(seed),
      codeFor: (id) => codeForMovement(bank.host, id),
    });
    const snapshots = await reader.stop();
    const check = await checkLedger(bank.database.db);
    const badSnapshots = snapshots.sums.filter((sum) => sum !== issued).length;
    printFigures(`T1 bank workload (seed ${seed})`, {
      seconds: ((Date.now() - started) / 1000).toFixed(1),
      attempted: counts.attempted,
      committed: counts.committed,
      'committed/s': (counts.committed / ((Date.now() - started) / 1000)).toFixed(0),
      rejected: counts.rejected,
      retries: counts.retries,
      '5xx': counts.serverErrors,
      unknown: counts.unknown,
      snapshots: snapshots.snapshots,
      'snapshots ≠ issued': badSnapshots,
      'issued ₭': issued / 100,
      'Σ balances ₭': check.balancesCentis / 100,
      negative: check.negativeBalances,
      'balances ≠ movements': check.mismatchedUsers,
      'ledger:check problems': check.problems.length,
      'reserved ₭ at end': check.reservedCentis / 100,
    });
    expect(counts.committed).toBeGreaterThan(0);
    expect(counts.rejected.insufficient_balance ?? 0).toBeGreaterThan(0);
    expect(counts.serverErrors).toBe(0);
    expect(snapshots.snapshots).toBeGreaterThan(10);
    expect(badSnapshots).toBe(0);
    expect(check.balancesCentis).toBe(issued);
    expect(check.negativeBalances).toBe(0);
    expect(check.mismatchedUsers).toBe(0);
    expect(check.problems).toEqual([]); // what npm run ledger:check finds
    expect(check.reservedCentis).toBe(0);
  });
});
