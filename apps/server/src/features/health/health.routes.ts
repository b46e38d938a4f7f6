import {
  healthSchema,
  livenessSchema,
  outboxCountsSchema,
  type Readiness,
  readinessSchema,
} from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../app-deps.ts';
import { pendingMigrations } from '../../db/migrate.ts';
import { BEARER, PUBLIC } from '../../lib/openapi.ts';
import { assertOpsToken } from '../../lib/ops-token.ts';
import { withTimeout } from '../../lib/with-timeout.ts';
import { countPendingAndFailed } from '../../messaging/outbox.repository.ts';

// The public answers say only whether the service works: anyone may ask them, so they carry no
// figure about the service's traffic. The operators' figures need OPS_TOKEN.
const PING_TIMEOUT_MS = 3000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database;
  app.get(
    '/api/health',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Liveness and database reachability: ok, or degraded (503)',
        tags: ['health'],
        security: PUBLIC,
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const isUp = await withTimeout(db.ping(), PING_TIMEOUT_MS).then(
        () => true,
        () => false,
      );
      if (!isUp) return reply.status(503).send({ status: 'degraded', database: 'down' });
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );

  await probeRoutes(app);

  const { opsToken } = app.deps.config;
  // Without a token configured the operators' endpoint does not exist.
  if (!opsToken) return;
  app.get(
    '/api/ops/outbox',
    {
      schema: {
        operationId: 'getOutboxCounts',
        summary: 'Outbox messages waiting to go out and failed for good (operators: Bearer OPS_TOKEN)',
        description: 'The bearer token is OPS_TOKEN, not a user access token.',
        tags: ['health'],
        security: BEARER,
        response: { 200: outboxCountsSchema },
      },
      onRequest: async (request) => assertOpsToken(request, opsToken),
    },
    async () => ({ outbox: await withTimeout(countPendingAndFailed(db.db), PING_TIMEOUT_MS) }),
  );
};

// For orchestrators and load balancers: `live` restarts a process that no longer answers, so it
// asks nothing of the database (a database outage must not restart every process); `ready` takes
// a process out of rotation while it cannot serve or is shutting down.
async function probeRoutes(app: AppInstance): Promise<void> {
  const { database, lifecycle } = app.deps;
  app.get(
    '/api/health/live',
    {
      schema: {
        operationId: 'getLiveness',
        summary: 'Liveness: the process answers (the database is not asked)',
        tags: ['health'],
        security: PUBLIC,
        response: { 200: livenessSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  // Once every migration has run it stays so for this code: later probes only ping.
  let isMigrated = false;
  const notReady = async (): Promise<Readiness['reason']> => {
    if (lifecycle.draining) return 'draining';
    const pending = await withTimeout(
      (async () => {
        await database.ping();
        return isMigrated ? [] : pendingMigrations(database.db);
      })(),
      PING_TIMEOUT_MS,
    ).catch(() => undefined);
    if (!pending) return 'database_down';
    if (pending.length > 0) return 'migrations_pending';
    isMigrated = true;
    return undefined;
  };
  app.get(
    '/api/health/ready',
    {
      schema: {
        operationId: 'getReadiness',
        summary: 'Readiness: database reachable and migrated, not shutting down (else 503)',
        tags: ['health'],
        security: PUBLIC,
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const reason = await notReady();
      if (reason) return reply.status(503).send({ status: 'not_ready', reason });
      return { status: 'ready' as const };
    },
  );
}
