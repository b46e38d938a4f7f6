import autocannon from 'autocannon';
import pg from 'pg';
import { CHAOS_JWT_SECRET, ServerProcess } from '../apps/server/chaos/harness/server-process.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { createOperator } from '../apps/server/src/test-support/operators.ts';
import { registerAgent } from './agents-seed.ts';
import {
  type BenchAgent,
  type BenchUser,
  cashInOverHttp,
  cashOutOverHttp,
  createProductOverHttp,
  createUserOverHttp,
  type FlowTiming,
  percentile,
  purchaseOverHttp,
  transferOverHttp,
} from './http-client.ts';
import {
  machineBusySince,
  machineCpu,
  machineCpuMsSince,
  postgresCpu,
  postgresCpuMsSince,
  processCpuMs,
  settle,
} from './meters.ts';
import { createScratchDatabase } from './scratch-database.ts';

const USERS = 40;
const CONNECTIONS = 32;

/** What a run cost per unit of work (a complete transfer, a read), in ms of CPU. */
export type CostFigures = {
  /** The server's process and PostgreSQL. */
  serverCpuMs: number;
  postgresCpuMs: number;
  /** The share of the machine's CPU (all cores) that was busy during the run, 0–1. */
  machineBusy: number;
  /** Every process of the machine (the load generator's too). */
  machineCpuMs: number;
};

export type HttpTransferFigures = CostFigures & {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  completed: number;
  /** The outbox at the run's end (PostgreSQL only): a recipient the worker cannot keep up with shows here. */
  messages?: PendingMessages;
};

export type PendingMessages = { pending: number; oldestMs: number };

/** The messages still waiting to be sent, and how long the oldest of them has waited. */
async function pendingMessages(databaseUrl: string): Promise<PendingMessages> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pending: number; oldest_ms: number }>(
      `select count(*)::int as pending,
              coalesce(extract(epoch from clock_timestamp() - min(created_at)) * 1000, 0)::int as oldest_ms
         from outbox_messages where status = 'pending'`,
    );
    return { pending: rows[0]?.pending ?? 0, oldestMs: rows[0]?.oldest_ms ?? 0 };
  } finally {
    await client.end();
  }
}

// Before each run, the server and PostgreSQL finish what the last one left them (the outbox still
// sending its messages, dirty pages, vacuum): a run is charged only its own work.
const SETTLE_BUDGET_MS = 5_000;

/** Starts measuring what the server, PostgreSQL and the machine spend; the call ends it. */
function costMeter(server: ServerProcess): (units: number) => CostFigures {
  const serverBefore = processCpuMs(server.pid ?? 0);
  const postgresBefore = postgresCpu();
  const machineBefore = machineCpu();
  return (units) => {
    const per = Math.max(units, 1);
    return {
      serverCpuMs: (processCpuMs(server.pid ?? 0) - serverBefore) / per,
      postgresCpuMs: postgresCpuMsSince(postgresBefore) / per,
      machineBusy: machineBusySince(machineBefore),
      machineCpuMs: machineCpuMsSince(machineBefore) / per,
    };
  };
}

async function withServer<T>(
  database: 'postgres' | 'pglite',
  work: (server: ServerProcess, users: BenchUser[], databaseUrl?: string) => Promise<T>,
): Promise<T> {
  const scratch = database === 'postgres' ? await createScratchDatabase('kc_bench_http') : undefined;
  const server = await ServerProcess.start({
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    LOG_LEVEL: 'warn',
    AGENTS_ENABLED: 'true',
  });
  try {
    const users: BenchUser[] = [];
    for (let i = 0; i < USERS; i += 4) {
      users.push(...(await Promise.all([0, 1, 2, 3].map((k) => createUserOverHttp(server.url, i + k)))));
    }
    return await work(server, users, scratch?.url);
  } finally {
    await server.stop();
    await scratch?.drop();
  }
}

/** One complete flow for connection `c` (a transfer, a purchase, a cash-in or out): its timings. */
type Step = (c: number) => Promise<FlowTiming>;

/** Each of 32 connections paying others, one transfer after another. */
function transfers(url: string, users: BenchUser[]): Step {
  return (c) => {
    const payer = users[c % users.length] as BenchUser;
    const payee = users[(c + 1 + Math.floor(Math.random() * (users.length - 1))) % users.length] as BenchUser;
    return transferOverHttp(url, payer, payee, 1 + Math.floor(Math.random() * 20));
  };
}

const AGENTS = 8;

/**
 * Agents' counters through the agents' routes: AGENTS of the people registered as agents (in the
 * server's database, as support and finance would), the others their customers. Each connection
 * works at one counter, half cash-ins and half cash-outs, for a customer drawn at random; every
 * customer first cashes in once, so that their cash-outs are paid from their own money.
 */
async function agentsCounters(url: string, users: BenchUser[], databaseUrl: string): Promise<Step> {
  const database = await openDatabase({ databaseUrl });
  let agents: BenchAgent[];
  try {
    const finance = await createOperator({ database, config: { jwtSecret: CHAOS_JWT_SECRET } }, 'finance');
    agents = await Promise.all(
      users.slice(0, AGENTS).map(async (person) => {
        const { id, nome_completo } = await database.db
          .selectFrom('usuarios')
          .select(['id', 'nome_completo'])
          .where('email', '=', person.email)
          .executeTakeFirstOrThrow();
        return {
          person,
          numero: (await registerAgent(database.db, { id, nome: nome_completo }, finance.id)).numero,
        };
      }),
    );
  } finally {
    await database.close();
  }
  const customers = users.slice(AGENTS);
  for (const [k, customer] of customers.entries()) {
    const funded = await cashInOverHttp(url, agents[k % AGENTS] as BenchAgent, customer, 1_000_000);
    if (!funded.ok) throw new Error("a customer could not cash in before the agents' run");
  }
  return (c) => {
    const agent = agents[c % AGENTS] as BenchAgent;
    const customer = customers[Math.floor(Math.random() * customers.length)] as BenchUser;
    const centis = 100 + Math.floor(Math.random() * 900);
    return Math.random() < 0.5
      ? cashInOverHttp(url, agent, customer, centis)
      : cashOutOverHttp(url, agent, customer, centis);
  };
}

/** Each of 32 connections a buyer of the same product, one purchase after another. */
function purchases(url: string, buyers: BenchUser[], productId: string): Step {
  return (c) => purchaseOverHttp(url, buyers[c % buyers.length] as BenchUser, productId);
}

/** A flow through the real server on 32 connections, for `durationMs`, at most at `ratePerSecond`. */
async function runFlow(
  server: ServerProcess,
  step: Step,
  durationMs: number,
  ratePerSecond?: number,
): Promise<HttpTransferFigures> {
  await settle([server.pid ?? 0], SETTLE_BUDGET_MS);
  const cost = costMeter(server);
  const timings: FlowTiming[] = [];
  let errors = 0;
  const deadline = Date.now() + durationMs;
  const startedAt = Date.now();
  let issued = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, c) => {
      while (Date.now() < deadline) {
        if (ratePerSecond) {
          // Paced: wait for this flow's slot, so the load is steady at the given rate.
          const slot = startedAt + (issued++ / ratePerSecond) * 1000;
          if (slot > Date.now()) await new Promise((r) => setTimeout(r, slot - Date.now()));
          if (Date.now() >= deadline) break;
        }
        const timing = await step(c).catch(() => undefined);
        if (timing?.ok) timings.push(timing);
        else errors += 1;
      }
    }),
  );
  const latencies = timings.flatMap((t) => t.requestMs);
  return {
    perSecond: timings.length / (durationMs / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    completed: timings.length,
    ...cost(timings.length),
  };
}

/**
 * Transfers through HTTP: peak on PostgreSQL, then 70 % of it; the reads; purchases of one product;
 * and the transfers' peak load on PGlite.
 */
export async function benchHttpTransfers(durationMs: number) {
  const postgres = await withServer('postgres', async (server, users, databaseUrl) => {
    const url = databaseUrl as string;
    // Each run's figures with the messages it left waiting, read as soon as its load stops.
    const measured = async (step: Step, ms: number, ratePerSecond?: number) => {
      const figures = await runFlow(server, step, ms, ratePerSecond);
      return { ...figures, messages: await pendingMessages(url) };
    };
    const flow = transfers(server.url, users);
    const peak = await measured(flow, durationMs);
    const steady = await measured(flow, Math.max(5_000, durationMs / 2), peak.perSecond * 0.7);
    const reads = await benchReads(server, users[0] as BenchUser, Math.max(5_000, durationMs / 3));
    // One shop's product, bought by everyone else: a popular product is one row every purchase locks,
    // and its owner one phone that every purchase sends a message.
    const owner = users.at(-1) as BenchUser;
    const product = await createProductOverHttp(server.url, owner);
    const bought = await measured(
      purchases(server.url, users.slice(0, -1), product),
      Math.max(5_000, durationMs / 2),
    );
    const agentsFlows = await measured(
      await agentsCounters(server.url, users, url),
      Math.max(5_000, durationMs / 2),
    );
    return { peak, steady, reads, purchases: bought, agents: agentsFlows };
  });
  const pglite = await withServer('pglite', (server, users) =>
    runFlow(server, transfers(server.url, users), durationMs),
  );
  return { ...postgres, pglite };
}

export type ReadFigures = CostFigures & { perSecond: number; p99: number; errors: number };

/** The read path under 64 connections (autocannon). */
async function benchReads(server: ServerProcess, user: BenchUser, durationMs: number) {
  const url = server.url;
  const results: Record<string, ReadFigures> = {};
  for (const path of ['/api/wallet', '/api/wallet/transactions']) {
    await settle([server.pid ?? 0], SETTLE_BUDGET_MS);
    const cost = costMeter(server);
    const result = await autocannon({
      url: `${url}${path}`,
      connections: 64,
      duration: Math.round(durationMs / 1000),
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    results[path] = {
      perSecond: result.requests.average,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
      ...cost(result.requests.total),
    };
  }
  return results;
}
