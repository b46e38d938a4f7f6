import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppInstance } from '../../app-deps.ts';
import type { ReadObserver } from '../../db/read-routing.ts';
import { type LedgerObserver, watchLedgerBatches } from '../../ledger/ledger.ts';
import { assertOpsToken } from '../../lib/ops-token.ts';
import { withTimeout } from '../../lib/with-timeout.ts';
import { countPendingAndFailed, oldestPendingMessageAt } from '../../messaging/outbox.repository.ts';

// Prometheus metrics, one registry per app (tests build many apps in one process, and prom-client's
// global registry would mix them). Labels are bounded: a route's pattern (never its URL), a status
// class, a ledger operation and its refusal codes.
const PREFIX = 'kreyolcash_';
const SCRAPE_QUERY_TIMEOUT_MS = 3000;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export type Metrics = ReturnType<typeof createMetrics>;

/** The registry and what the app feeds as it runs (requests, ledger outcomes, batch sizes). */
export function createMetrics(options: { processMetrics: boolean }) {
  const registry = new Registry();
  // Process figures (CPU, memory, event-loop lag, GC) install observers for the process's life:
  // production wants them, the tests' hundreds of short-lived apps do not.
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: PREFIX });
  const registers = [registry];
  const requests = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time to answer an HTTP request, by route pattern, method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const operations = new Counter({
    name: `${PREFIX}ledger_operations_total`,
    help: 'Ledger operations by outcome: ok, refused (see ledger_refusals_total) or error (threw)',
    labelNames: ['operation', 'outcome'] as const,
    registers,
  });
  const refusals = new Counter({
    name: `${PREFIX}ledger_refusals_total`,
    help: 'Ledger operations refused, by operation and error code',
    labelNames: ['operation', 'code'] as const,
    registers,
  });
  const batchSizes = new Histogram({
    name: `${PREFIX}ledger_batch_size`,
    help: 'Items carried by each batched database call, by flow and phase (1 when the server is quiet)',
    labelNames: ['flow', 'phase'] as const,
    buckets: [1, 2, 4, 8, 16, 32, 64],
    registers,
  });
  const ledgerObserver: LedgerObserver = (operation, outcome) => {
    const kind = outcome === 'ok' || outcome === 'error' ? outcome : 'refused';
    operations.inc({ operation, outcome: kind });
    if (kind === 'refused') refusals.inc({ operation, code: outcome });
  };
  const routedReads = new Counter({
    name: `${PREFIX}db_routed_reads_total`,
    help: 'Statement and history reads by the server that answered (standby or primary) and why; only with DATABASE_READ_URL',
    labelNames: ['server', 'reason'] as const,
    registers,
  });
  const readObserver: ReadObserver = (route) => routedReads.inc(route);
  return { registry, requests, batchSizes, ledgerObserver, readObserver };
}

/**
 * Times every request (onResponse, on the root so it sees every route), feeds the batch sizes,
 * adds the figures read at scrape time, and serves GET /metrics to the bearer of OPS_TOKEN.
 */
export function registerMetrics(app: AppInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.requests.observe(
      {
        // Unmatched requests (404s, scanners) share one label, whatever their URL.
        route: request.routeOptions.url ?? 'unmatched',
        method: METHODS.has(request.method) ? request.method : 'OTHER',
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });
  const stopWatching = watchLedgerBatches(app.deps.database.db, (flow, phase, items) =>
    metrics.batchSizes.observe({ flow, phase }, items),
  );
  app.addHook('onClose', async () => stopWatching());
  registerScrapeGauges(app, metrics.registry);

  const { opsToken } = app.deps.config;
  // Without a token there is no metrics endpoint, as for the operators' outbox figures.
  if (!opsToken) return;
  app.get(
    '/metrics',
    {
      schema: { hide: true },
      onRequest: async (request) => assertOpsToken(request, opsToken),
    },
    async (_request, reply) => {
      const body = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(body);
    },
  );
}

// Read when Prometheus scrapes, so they cost nothing between scrapes. A database that does not
// answer leaves the outbox figures out of that scrape rather than failing the whole answer.
function registerScrapeGauges(app: AppInstance, registry: Registry): void {
  const { database, events } = app.deps;
  const registers = [registry];
  new Gauge({
    name: `${PREFIX}outbox_messages`,
    help: 'Outbox messages (WhatsApp, e-mail) waiting to go out (pending: the queue depth) or failed for good',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      this.reset();
      const counts = await withTimeout(countPendingAndFailed(database.db), SCRAPE_QUERY_TIMEOUT_MS).catch(
        () => null,
      );
      if (counts) for (const [status, count] of Object.entries(counts)) this.set({ status }, count);
    },
  });
  new Gauge({
    name: `${PREFIX}outbox_oldest_pending_age_seconds`,
    help: 'Age of the oldest message still waiting to go out; 0 when the queue is empty',
    registers,
    async collect() {
      const oldest = await withTimeout(oldestPendingMessageAt(database.db), SCRAPE_QUERY_TIMEOUT_MS).then(
        (at) => ({ at }),
        () => null,
      );
      // NaN (unknown) rather than a reassuring 0 when the database did not answer.
      if (!oldest) this.set(Number.NaN);
      else this.set(oldest.at ? Math.max(0, (Date.now() - oldest.at.getTime()) / 1000) : 0);
    },
  });
  new Gauge({
    name: `${PREFIX}event_streams_open`,
    help: 'Server-sent event streams open in this process',
    registers,
    collect() {
      this.set(events.hub.openStreams);
    },
  });
  const { poolUse } = database;
  if (!poolUse) return;
  new Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: 'PostgreSQL pool connections: busy, idle, and the maximum it may open',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const use = poolUse();
      this.set({ state: 'busy' }, use.total - use.idle);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'max' }, use.max);
    },
  });
  new Gauge({
    name: `${PREFIX}db_pool_waiting_queries`,
    help: 'Queries waiting for a free pool connection',
    registers,
    collect() {
      this.set(poolUse().waiting);
    },
  });
}
