import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { codePepper, policyParams, TRANSFER_HOLD_POLICY } from '../apps/server/src/ledger/policy.ts';
import { transferBatchers } from '../apps/server/src/ledger/transfer-batches.ts';
import { type SeededUser, seedUser } from '../apps/server/src/test-support/ledger-fixtures.ts';
import { LIFTED_LEVEL_LIMITS } from '../apps/server/src/test-support/lifted-limits.ts';
import { postgresCpuMs, walBytesSince, walPosition } from './meters.ts';
import { createScratchDatabase, runWorkers } from './scratch-database.ts';

const WORKERS = 20;
const SECRET = 'bench-secret-that-is-long-enough-0123456789abcdef';
const pepper = codePepper(SECRET);

export type LedgerFigures = {
  scenario: string;
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

/** Our two-phase path (initiate + post, no HTTP) against the one-call baseline, same driver. */
export async function benchLedger(options: { durationMs: number }): Promise<LedgerFigures[]> {
  const results: LedgerFigures[] = [];
  for (const [scenario, accounts, active] of [
    ['50 accounts', 50, 50],
    ['10 hot accounts', 50, 10],
  ] as const) {
    const baseline = await benchBaseline(accounts, active, options.durationMs);
    const ours = await benchOurs(accounts, active, options.durationMs);
    results.push({
      scenario,
      baselinePerSecond: baseline.perSecond,
      oursPerSecond: ours.perSecond,
      ratio: ours.perSecond / baseline.perSecond,
      oursFailed: ours.failed,
      itemsPerCall: ours.itemsPerCall,
      baselineCpuMs: baseline.cpuMs,
      oursCpuMs: ours.cpuMs,
      baselineWalBytes: baseline.walBytes,
      oursWalBytes: ours.walBytes,
    });
  }
  return results;
}

// The driver both sides share: one pool of 20, each query a single round trip.
function benchPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: WORKERS });
  pool.on('error', () => {}); // dropping the scratch database ends idle connections
  return pool;
}

/** A run with what it cost the database per complete transfer: CPU (ms) and WAL (bytes). */
async function metered<T extends { completed: number }>(run: () => Promise<T>) {
  const cpuBefore = postgresCpuMs();
  const walBefore = await walPosition();
  const result = await run();
  const transfers = Math.max(result.completed, 1);
  const cpuMs = (postgresCpuMs() - cpuBefore) / transfers;
  return { ...result, cpuMs, walBytes: (await walBytesSince(walBefore)) / transfers };
}

function pickPair(active: number): [number, number] {
  const from = randomInt(active);
  let to = randomInt(active);
  if (to === from) to = (from + 1) % active;
  return [from, to];
}

async function benchBaseline(accounts: number, active: number, durationMs: number) {
  const scratch = await createScratchDatabase('kc_bench_base');
  const pool = benchPool(scratch.url);
  try {
    await pool.query(readFileSync(new URL('./baseline.sql', import.meta.url), 'utf8'));
    await pool.query(
      'insert into accounts (id, balance) select g, 1000000000 from generate_series(0, $1::int - 1) g',
      [accounts],
    );
    return await metered(() =>
      runWorkers(WORKERS, durationMs, async () => {
        const [from, to] = pickPair(active);
        await pool.query('select baseline_transfer($1, $2, $3)', [from, to, 1 + randomInt(100)]);
        return true;
      }),
    );
  } finally {
    await pool.end();
    await scratch.drop();
  }
}

// Through the server's own transfer phases (the batchers of transfers.service), on the server's
// own pool of 20 — the same pg driver as the baseline — without HTTP.
async function benchOurs(accounts: number, active: number, durationMs: number) {
  const scratch = await createScratchDatabase('kc_bench_ours');
  const database = await openDatabase({ databaseUrl: scratch.url });
  try {
    await migrateToLatest(database.db);
    const host = { database, config: { jwtSecret: SECRET } };
    const users: SeededUser[] = [];
    for (let i = 0; i < accounts; i++) users.push(await seedUser(host, { bonusCentis: 1_000_000_000 }));
    const { initiate, verify } = transferBatchers(database.db);
    const result = await metered(() =>
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
    );
    const calls = initiate.sent.calls + verify.sent.calls;
    return {
      ...result,
      itemsPerCall: (initiate.sent.items + verify.sent.items) / Math.max(calls, 1),
    };
  } finally {
    await database.close();
    await scratch.drop();
  }
}
