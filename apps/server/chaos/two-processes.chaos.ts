import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../src/test-support/event-stream.ts';
import { checkLedger, codeForMovement } from '../src/test-support/ledger-fixtures.ts';
import { seededRandom, seedFrom } from '../src/test-support/seeded-random.ts';
import { serverDatabaseEnv } from '../src/test-support/test-database.ts';
import { type Bank, openBank } from './harness/bank-setup.ts';
import { runBankWorkload } from './harness/bank-workload.ts';
import { printFigures, scaled } from './harness/figures.ts';
import { ServerProcess } from './harness/server-process.ts';

// Two API processes on one PostgreSQL, no proxy: clients spread over both. The invariants hold,
// and a client connected to one process hears about transfers made through the other.
describe('two processes', () => {
  let bank: Bank;
  let first: ServerProcess;
  let second: ServerProcess;
  beforeAll(async () => {
    bank = await openBank(50);
    [first, second] = await Promise.all([
      ServerProcess.start(serverDatabaseEnv(bank.database)),
      ServerProcess.start(serverDatabaseEnv(bank.database)),
    ]);
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await bank?.database.close();
  });

  it('keeps the invariants with clients on both, and realtime events cross processes', async () => {
    const seed = seedFrom('CHAOS_SEED');
    const issued = (await checkLedger(bank.database.db)).issuedCentis;
    const listener = bank.users[1];
    if (!listener) throw new Error('no users');
    const stream = await openEventStream(`${second.url}/api/events`, listener.accessToken);
    await stream.next('balance');
    const { counts } = await runBankWorkload({
      baseUrls: [first.url, second.url],
      users: bank.users,
      clients: 24,
      uniformMs: scaled(6_000),
      hotMs: scaled(6_000),
      rand: seededRandom(seed),
      codeFor: (id) => codeForMovement(bank.host, id),
    });
    const eventsHeard = stream.events.filter((e) => e.event === 'transaction').length;
    stream.close();
    const check = await checkLedger(bank.database.db);
    printFigures(`two processes (seed ${seed})`, {
      attempted: counts.attempted,
      committed: counts.committed,
      rejected: counts.rejected,
      '5xx': counts.serverErrors,
      'events heard on process 2 by one hot account': eventsHeard,
      'Σ balances = issued': check.balancesCentis === issued,
      negative: check.negativeBalances,
      'balances ≠ movements': check.mismatchedUsers,
      'reserved at end': check.reservedCentis,
    });
    expect(counts.committed).toBeGreaterThan(0);
    expect(counts.serverErrors).toBe(0);
    expect(eventsHeard).toBeGreaterThan(0);
    expect(check.balancesCentis).toBe(issued);
    expect(check.negativeBalances).toBe(0);
    expect(check.mismatchedUsers).toBe(0);
    expect(check.reservedCentis).toBe(0);
  });
});
