import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../src/db/schema.ts';
import type { SeededUser } from '../../src/test-support/ledger-fixtures.ts';

export type Outcome = 'ok' | 'failed' | 'unknown';

/** One transfer as the client saw it: enough to retry it with the same key after a crash. */
export type TransferLog = {
  key: string;
  payer: SeededUser;
  body: { destinatario_email: string; quantidade_centis: number };
  initiate: Outcome;
  movementId?: string;
  verify?: Outcome;
  rejectedBy?: string;
  /** When the client saw the verify succeed (ms since the epoch). */
  committedAt?: number;
};

export type WorkloadCounts = {
  attempted: number;
  committed: number;
  rejected: Record<string, number>;
  retries: number;
  serverErrors: number;
  unknown: number;
};

type Options = {
  baseUrls: string[];
  users: SeededUser[];
  clients: number;
  uniformMs: number;
  hotMs: number;
  /** Ends a phase early or late: [uniform, hot]; each phase lasts until its time is up AND this says so. */
  phaseDone?: [() => boolean, () => boolean];
  rand: () => number;
  codeFor: (movementId: string) => Promise<string>;
};

/**
 * Jepsen's bank workload over HTTP: each client picks a payer and a payee (in the hot phase most
 * transfers touch 2 accounts), a random amount up to ₭90 (many overdraw), initiates with an
 * Idempotency-Key and verifies with the code. Every request's outcome is logged; a network
 * failure or a 5xx is "unknown" (it may or may not have happened).
 */
export async function runBankWorkload(
  options: Options,
): Promise<{ counts: WorkloadCounts; log: TransferLog[] }> {
  const counts: WorkloadCounts = {
    attempted: 0,
    committed: 0,
    rejected: {},
    retries: 0,
    serverErrors: 0,
    unknown: 0,
  };
  const log: TransferLog[] = [];
  let sequence = 0;
  const runPhase = async (hot: boolean, durationMs: number) => {
    const deadline = Date.now() + durationMs;
    const isDone = options.phaseDone?.[hot ? 1 : 0] ?? (() => true);
    await Promise.all(
      Array.from({ length: options.clients }, async (_, client) => {
        while (Date.now() < deadline || !isDone()) {
          const baseUrl = options.baseUrls[(client + sequence++) % options.baseUrls.length] as string;
          const entry = newTransfer(options, hot);
          log.push(entry);
          counts.attempted += 1;
          await attempt(baseUrl, entry, options, counts);
          // A client that cannot reach the server waits a moment, as a phone app would.
          if (entry.initiate === 'unknown' || entry.verify === 'unknown')
            await new Promise((r) => setTimeout(r, 250));
        }
      }),
    );
  };
  await runPhase(false, options.uniformMs);
  await runPhase(true, options.hotMs);
  return { counts, log };
}

function newTransfer(options: Options, hot: boolean): TransferLog {
  const { users, rand } = options;
  const pool = hot && rand() < 0.8 ? users.slice(0, 2) : users;
  const payer = pool[Math.floor(rand() * pool.length)] as SeededUser;
  let payee = pool[Math.floor(rand() * pool.length)] as SeededUser;
  if (payee === payer) payee = users[(users.indexOf(payer) + 1) % users.length] as SeededUser;
  const body = { destinatario_email: payee.email, quantidade_centis: 1 + Math.floor(rand() * 9_000) };
  return { key: randomUUID(), payer, body, initiate: 'unknown' };
}

/** Initiates (or re-initiates with the same key) and verifies; updates the log entry. */
export async function attempt(
  baseUrl: string,
  entry: TransferLog,
  options: Pick<Options, 'codeFor'>,
  counts: WorkloadCounts,
): Promise<void> {
  const headers = { authorization: `Bearer ${entry.payer.accessToken}`, 'content-type': 'application/json' };
  if (entry.initiate !== 'ok') {
    const res = await call(
      `${baseUrl}/api/transfers`,
      { ...headers, 'idempotency-key': entry.key },
      entry.body,
    );
    entry.initiate = outcomeOf(res);
    if (entry.initiate === 'unknown') return note(counts, res);
    if (entry.initiate === 'failed') {
      entry.rejectedBy = res?.body?.error?.code ?? 'unknown_error';
      counts.rejected[entry.rejectedBy] = (counts.rejected[entry.rejectedBy] ?? 0) + 1;
      return;
    }
    entry.movementId = res?.body?.movimentacao_id;
  }
  const movementId = entry.movementId as string;
  const codigo = await options.codeFor(movementId);
  const res = await call(`${baseUrl}/api/transfers/${movementId}/verify`, headers, { codigo });
  const outcome = outcomeOf(res);
  if (
    outcome === 'failed' &&
    res?.body?.error?.code === 'transaction_not_pending' &&
    res.body.error.details?.status === 'concluida'
  ) {
    entry.verify = 'ok'; // a retried verify whose first try had gone through
  } else {
    entry.verify = outcome;
  }
  if (entry.verify === 'ok') {
    counts.committed += 1;
    entry.committedAt = Date.now();
  } else if (entry.verify === 'unknown') note(counts, res);
  else {
    entry.rejectedBy = res?.body?.error?.code ?? 'unknown_error';
    counts.rejected[entry.rejectedBy] = (counts.rejected[entry.rejectedBy] ?? 0) + 1;
  }
}

type Response =
  | {
      status: number;
      body: { movimentacao_id?: string; error?: { code?: string; details?: { status?: string } } };
    }
  | undefined;

async function call(url: string, headers: Record<string, string>, body: unknown): Promise<Response> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const parsed = (await res.json().catch(() => ({}))) as NonNullable<Response>['body'];
    return { status: res.status, body: parsed };
  } catch {
    return undefined;
  }
}

function outcomeOf(res: Response): Outcome {
  if (!res || res.status >= 500) return 'unknown';
  return res.status < 300 ? 'ok' : 'failed';
}

function note(counts: WorkloadCounts, res: Response): void {
  counts.unknown += 1;
  if (res && res.status >= 500) counts.serverErrors += 1;
}

/**
 * Reads the sum of all balances in one statement (one snapshot) every `everyMs` until stopped;
 * a failed read (database restarting) is counted, not fatal.
 */
export function startSnapshotReader(db: Kysely<DB>, everyMs = 100) {
  const sums: number[] = [];
  let failedReads = 0;
  let isRunning = true;
  const loop = (async () => {
    while (isRunning) {
      try {
        const { rows } = await sql<{
          s: number;
        }>`select coalesce(sum(saldo_centis), 0)::bigint as s from kreyolcash_contas where tipo = 'usuario'`.execute(
          db,
        );
        sums.push(Number(rows[0]?.s));
      } catch {
        failedReads += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      isRunning = false;
      await loop;
      return { snapshots: sums.length, failedReads, sums };
    },
  };
}
