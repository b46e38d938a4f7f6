import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { countByStatus } from '../messaging/outbox.repository.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'down']),
  outbox: z.object({ pending: z.number(), sent: z.number(), failed: z.number() }).optional(),
});
const PING_TIMEOUT_MS = 3000;

export async function healthRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const db = app.deps.database;
      const outbox = await withTimeout(
        db.ping().then(() => countByStatus(db.db)),
        PING_TIMEOUT_MS,
      ).catch(() => undefined);
      if (!outbox) return reply.status(503).send({ status: 'unavailable', database: 'down' });
      return { status: 'ok' as const, database: 'ok' as const, outbox };
    },
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
