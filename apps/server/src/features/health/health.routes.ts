import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppInstance } from '../../app-deps.ts';
import { pendingMigrations } from '../../db/migrate.ts';
import { assertOpsToken } from '../../lib/ops-token.ts';
import { withTimeout } from '../../lib/with-timeout.ts';
import { countByStatus } from '../../messaging/outbox.repository.ts';

// The public answer says only whether the service works: anyone may ask it, so it carries no
// figure about the service's traffic. The operators' figures need OPS_TOKEN.
const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
});
const outboxSchema = z.object({
  outbox: z.object({ pending: z.number(), sent: z.number(), failed: z.number() }),
});
const liveSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  reason: z.enum(['draining', 'database_down', 'migrations_pending']).optional(),
});
const PING_TIMEOUT_MS = 3000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database;
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability: ok, or degraded (503)',
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
        tags: ['health'],
        summary: 'Outbox messages by status (operators: Bearer OPS_TOKEN)',
        security: [{ bearer: [] }],
        response: { 200: outboxSchema },
      },
      onRequest: async (request) => assertOpsToken(request, opsToken),
    },
    async () => ({ outbox: await withTimeout(countByStatus(db.db), PING_TIMEOUT_MS) }),
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
        tags: ['health'],
        summary: 'Liveness: the process answers (the database is not asked)',
        response: { 200: liveSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  // Once every migration has run it stays so for this code: later probes only ping.
  let isMigrated = false;
  const notReady = async (): Promise<z.infer<typeof readySchema>['reason']> => {
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
        tags: ['health'],
        summary: 'Readiness: database reachable and migrated, not shutting down (else 503)',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      const reason = await notReady();
      if (reason) return reply.status(503).send({ status: 'not_ready', reason });
      return { status: 'ready' as const };
    },
  );
}
