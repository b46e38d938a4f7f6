import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import type { DB } from '../apps/server/src/db/schema.ts';
import { quoteFee } from '../apps/server/src/ledger/ledger.ts';
import {
  type MovementHoldParams,
  movementHolds,
  partyConfirmations,
  transferBatchers,
} from '../apps/server/src/ledger/phase-batches.ts';
import { codePepper, policyParams, TRANSFER_HOLD_POLICY } from '../apps/server/src/ledger/policy.ts';
import {
  agentConfirmation,
  cashInHold,
  cashOutHold,
  HOLD_CODE,
  issueCode,
} from '../apps/server/src/test-support/batch-fixtures.ts';
import { type SeededUser, seedUser } from '../apps/server/src/test-support/ledger-fixtures.ts';
import { LIFTED_LEVEL_LIMITS } from '../apps/server/src/test-support/lifted-limits.ts';
import { createOperator } from '../apps/server/src/test-support/operators.ts';
import { registerAgent } from './agents-seed.ts';
import { postgresCpu, postgresCpuMsSince, settle, walBytesSince, walPosition } from './meters.ts';
import { adminQuery, createScratchDatabase, runWorkers } from './scratch-database.ts';

const WORKERS = 20;
const SECRET = 'bench-secret-that-is-long-enough-0123456789abcdef';
const pepper = codePepper(SECRET);

export type LedgerFigures = {
  scenario: string;
  /** The ratio to the baseline it must reach, or none: a figure reported. */
  goal: number | null;
  baselinePerSecond: number;
  oursPerSecond: number;
  ratio: number;
  oursFailed: number;
  /** Transfers phases per database call: the batching under this load. */
  itemsPerCall: number;
  /** PostgreSQL CPU per complete transfer, in ms, for each side. */
  baselineCpuMs: number;
  oursCpuMs: number;
  /** WAL written per complete transfer, in bytes, for each side: what each writes. */
  baselineWalBytes: number;
  oursWalBytes: number;
};

// Each side runs in slices, alternated (baseline, ours, ours, baseline, …), and its figures are
// summed over its slices: this machine's speed drifts by a third within minutes (other work on its
// host), and two long runs one after the other put that drift into the ratio.
const SLICES = 4;

// BENCH_HISTORY=<n> gives each side n past transfers before it runs (ours: concluded movements with
// random ids, as a database from before ordered ids holds them; the baseline: its transfers), and a
// checkpoint before each slice, as production's come every few minutes: what an insert costs in a
// large table's indexes, whose pages the first change after a checkpoint copies whole into WAL.
// 0 (the default): fresh databases, the figures earlier sessions recorded.
const HISTORY = Number(process.env.BENCH_HISTORY ?? 0);

/** One side of the comparison, set up once and run a slice at a time. */
type Side = {
  slice: (durationMs: number) => Promise<{ completed: number; failed: number }>;
  itemsPerCall: () => number;
  close: () => Promise<void>;
};

/** Our two-phase path (initiate + post, no HTTP) against the one-call baseline, same driver. */
export async function benchLedger(options: { durationMs: number }): Promise<LedgerFigures[]> {
  const results: LedgerFigures[] = [];
  for (const [scenario, accounts, active, goal, open] of [
    ['50 accounts', 50, 50, 1, openOurs],
    ['10 hot accounts', 50, 10, 1.5, openOurs],
    // Agents' counters: a float's cash-ins and its customers' cash-outs, against transfers between
    // as few hot accounts.
    ['agents: cash-ins and cash-outs at 10 floats, 40 customers', 50, 10, null, openAgents],
  ] as const) {
    const baselineSide = await openBaseline(accounts, active);
    const oursSide = await open(accounts, active).catch(async (error) => {
      await baselineSide.close();
      throw error;
    });
    try {
      const [baseline, ours] = await alternate([baselineSide, oursSide], options.durationMs);
      results.push({
        scenario: HISTORY > 0 ? `${scenario}, ${HISTORY} past transfers` : scenario,
        goal,
        baselinePerSecond: baseline.perSecond,
        oursPerSecond: ours.perSecond,
        ratio: ours.perSecond / baseline.perSecond,
        oursFailed: ours.failed,
        itemsPerCall: oursSide.itemsPerCall(),
        baselineCpuMs: baseline.cpuMs,
        oursCpuMs: ours.cpuMs,
        baselineWalBytes: baseline.walBytes,
        oursWalBytes: ours.walBytes,
      });
    } finally {
      await Promise.all([baselineSide.close(), oursSide.close()]);
    }
  }
  return results;
}

type SideFigures = { perSecond: number; failed: number; cpuMs: number; walBytes: number };

/**
 * Both sides for `durationMs` each, in alternated slices; each side's rate, and its cost per
 * transfer. PostgreSQL finishes what a slice left it (writing dirty pages, vacuuming) before the
 * other side's slice starts, so neither side's rate or CPU carries the other's.
 */
async function alternate(sides: [Side, Side], durationMs: number): Promise<[SideFigures, SideFigures]> {
  const totals = sides.map(() => ({ completed: 0, failed: 0, ms: 0, cpuMs: 0, walBytes: 0 }));
  for (let k = 0; k < SLICES; k++) {
    for (const i of k % 2 === 0 ? [0, 1] : [1, 0]) {
      const side = sides[i] as Side;
      const total = totals[i] as (typeof totals)[number];
      await settle([], 3_000);
      if (HISTORY > 0) await adminQuery('checkpoint');
      const cpuBefore = postgresCpu();
      const walBefore = await walPosition();
      const started = performance.now();
      const slice = await side.slice(durationMs / SLICES);
      total.ms += performance.now() - started;
      total.cpuMs += postgresCpuMsSince(cpuBefore);
      total.walBytes += await walBytesSince(walBefore);
      total.completed += slice.completed;
      total.failed += slice.failed;
    }
  }
  const [baseline, ours] = totals.map((t): SideFigures => {
    const transfers = Math.max(t.completed, 1);
    return {
      perSecond: t.completed / (t.ms / 1000),
      failed: t.failed,
      cpuMs: t.cpuMs / transfers,
      walBytes: t.walBytes / transfers,
    };
  });
  return [baseline as SideFigures, ours as SideFigures];
}

// The driver both sides share: one pool of 20, each query a single round trip.
function benchPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: WORKERS });
  pool.on('error', () => {}); // dropping the scratch database ends idle connections
  return pool;
}

function pickPair(active: number): [number, number] {
  const from = randomInt(active);
  let to = randomInt(active);
  if (to === from) to = (from + 1) % active;
  return [from, to];
}

async function openBaseline(accounts: number, active: number): Promise<Side> {
  const scratch = await createScratchDatabase('kc_bench_base');
  const pool = benchPool(scratch.url);
  try {
    await pool.query(readFileSync(new URL('./baseline.sql', import.meta.url), 'utf8'));
    await pool.query(
      'insert into accounts (id, balance) select g, 1000000000 from generate_series(0, $1::int - 1) g',
      [accounts],
    );
    if (HISTORY > 0)
      await pool.query(
        `insert into transfers (from_account, to_account, amount, created_at)
         select g % $1, (g + 1) % $1, 1 + g % 100, now() - make_interval(secs => $2 - g)
           from generate_series(1, $2::int) g`,
        [accounts, HISTORY],
      );
  } catch (error) {
    await pool.end();
    await scratch.drop();
    throw error;
  }
  return {
    slice: (durationMs) =>
      runWorkers(WORKERS, durationMs, async () => {
        const [from, to] = pickPair(active);
        await pool.query('select baseline_transfer($1, $2, $3)', [from, to, 1 + randomInt(100)]);
        return true;
      }),
    itemsPerCall: () => 1,
    close: async () => {
      await pool.end();
      await scratch.drop();
    },
  };
}

/**
 * A scratch database on the server's own pool, migrated, then seeded by `seed`; `close` drops it
 * (as a failed set-up does before it throws).
 */
async function seededScratch<T>(
  prefix: string,
  seed: (database: Database) => Promise<T>,
): Promise<{ database: Database; close: () => Promise<void>; seeded: T }> {
  const scratch = await createScratchDatabase(prefix);
  const database = await openDatabase({ databaseUrl: scratch.url });
  const close = async () => {
    await database.close();
    await scratch.drop();
  };
  try {
    await migrateToLatest(database.db);
    return { database, close, seeded: await seed(database) };
  } catch (error) {
    await close();
    throw error;
  }
}

// Through the server's own transfer phases (the batchers of transfers.service), on the server's
// own pool of 20 — the same pg driver as the baseline — without HTTP.
async function openOurs(accounts: number, active: number): Promise<Side> {
  const {
    database,
    close,
    seeded: users,
  } = await seededScratch('kc_bench_ours', async (database) => {
    const host = { database, config: { jwtSecret: SECRET } };
    const seededUsers: SeededUser[] = [];
    for (let i = 0; i < accounts; i++) seededUsers.push(await seedUser(host, { bonusCentis: 1_000_000_000 }));
    if (HISTORY > 0) await seedPastTransfers(database.db, seededUsers, HISTORY);
    return seededUsers;
  });
  const { initiate, verify } = transferBatchers(database.db);
  return {
    slice: (durationMs) =>
      runWorkers(WORKERS, durationMs, async () => {
        const [from, to] = pickPair(active);
        const payer = users[from] as SeededUser;
        const payee = users[to] as SeededUser;
        const code = String(randomInt(100_000, 1_000_000));
        const movement = (await initiate.run({
          pagador_id: payer.id,
          destinatario: { id: payee.id },
          quantidade_centis: 1 + randomInt(100),
          observacoes: null,
          limites: LIFTED_LEVEL_LIMITS,
          codigo: code,
          pepper,
          // The policy the transfer service passes (transfers.service.ts).
          politica: policyParams(TRANSFER_HOLD_POLICY),
          chave: randomUUID(),
          request_hash: 'bench',
          max_codigos: 0,
          janela_ms: 900_000,
        })) as { ok: boolean; movimentacao_id?: string };
        if (!movement.ok) return false;
        const posted = (await verify.run({
          movimentacao_id: String(movement.movimentacao_id),
          pagador_id: payer.id,
          codigo: code,
          pepper,
          max_tentativas: 3,
          limites: LIFTED_LEVEL_LIMITS,
        })) as { ok: boolean };
        return posted.ok === true;
      }),
    itemsPerCall: () =>
      (initiate.sent.items + verify.sent.items) / Math.max(initiate.sent.calls + verify.sent.calls, 1),
    close,
  };
}

// Agents' counters through the server's own batches of holds between accounts and of party
// confirmations (phase-batches.ts), as the agents' flows call them. Each of `floats` agents is
// registered with a float issued by finance, which cash-ins pay from and cash-outs pay into, and
// each posted flow queues both receipts. Half of the flows are cash-ins (held from the float, the
// agent's code sent and confirmed), half cash-outs (a code sent to the customer, the amount and its
// fee held on it into the float, handed over).
async function openAgents(accounts: number, floats: number): Promise<Side> {
  const { database, close, seeded } = await seededScratch('kc_bench_agents', async (database) => {
    const host = { database, config: { jwtSecret: SECRET } };
    const finance = await createOperator(host, 'finance');
    const counters: { agent: SeededUser; float: string }[] = [];
    for (let i = 0; i < floats; i++) {
      const agent = await seedUser(host, { documentApproved: true });
      counters.push({ agent, float: (await registerAgent(database.db, agent, finance.id)).float });
    }
    const customers: SeededUser[] = [];
    for (let i = floats; i < accounts; i++)
      customers.push(await seedUser(host, { bonusCentis: 1_000_000_000 }));
    return { counters, customers, cashOutFee: (await quoteFee(database.db, 'saque', 100)).tarifa_centis };
  });
  const { counters, customers, cashOutFee } = seeded;
  const host = { database, config: { jwtSecret: SECRET, levelLimits: LIFTED_LEVEL_LIMITS } };
  const holds = movementHolds(database.db);
  const confirmations = partyConfirmations(database.db);
  type Counter = (typeof counters)[number];
  const heldThenConfirmed = async (hold: MovementHoldParams, at: Counter, kind: 'deposito' | 'saque') => {
    const held = (await holds.run(hold)) as { ok: boolean; movimentacao_id?: string };
    if (!held.ok) return false;
    const movementId = String(held.movimentacao_id);
    const posted = (await confirmations.run(
      agentConfirmation(host, { movementId, agent: at.agent, kind }),
    )) as {
      ok: boolean;
    };
    return posted.ok === true;
  };
  const cashIn = (at: Counter, customer: SeededUser) =>
    heldThenConfirmed(
      cashInHold(host, {
        float: at.float,
        to: customer.id,
        amount: 1 + randomInt(100),
        agent: at.agent,
        codes: 0,
      }),
      at,
      'deposito',
    );
  const cashOut = async (at: Counter, customer: SeededUser) => {
    const request = randomUUID();
    await issueCode(host, {
      subject: request,
      purpose: 'saque',
      to: customer,
      binding: `terms of ${request}`,
    });
    const hold = cashOutHold(host, {
      customer: customer.id,
      float: at.float,
      agent: at.agent,
      request,
      amount: 100,
      code: HOLD_CODE,
      seenFee: cashOutFee,
    });
    return heldThenConfirmed(hold, at, 'saque');
  };
  return {
    slice: (durationMs) =>
      runWorkers(WORKERS, durationMs, async () => {
        const at = counters[randomInt(counters.length)] as (typeof counters)[number];
        const customer = customers[randomInt(customers.length)] as SeededUser;
        return randomInt(2) === 0 ? cashIn(at, customer) : cashOut(at, customer);
      }),
    itemsPerCall: () =>
      (holds.sent.items + confirmations.sent.items) /
      Math.max(holds.sent.calls + confirmations.sent.calls, 1),
    close,
  };
}

/** n concluded transfers between these people, the oldest first, ids random (version 4). */
async function seedPastTransfers(db: Kysely<DB>, users: SeededUser[], n: number): Promise<void> {
  const ids = users.map((u) => u.id);
  await sql`
    insert into kreyolcash_movimentacoes (id, tipo, status, remetente_id, destinatario_id, conta_debito,
                                          conta_credito, quantidade_centis, criado_em, concluido_em, nos_limites)
    select gen_random_uuid(), 'transferencia', 'concluida', p.de, p.para, p.de, p.para, 1 + g % 100,
           now() - make_interval(secs => ${n}::int - g), now() - make_interval(secs => ${n}::int - g), true
      from generate_series(1, ${n}::int) g
     cross join lateral (select (${ids}::uuid[])[1 + g % ${ids.length}::int] as de,
                                (${ids}::uuid[])[1 + (g + 1) % ${ids.length}::int] as para) p`.execute(db);
}
