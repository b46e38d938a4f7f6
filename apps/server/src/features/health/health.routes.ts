import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '@kreyolcash/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { countByStatus } from '../messaging/outbox.repository.ts';

// The public answer says only whether the service works: anyone may ask it, so it carries no
// figure about the service's traffic. The operators' figures need OPS_TOKEN.
const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
});
const outboxSchema = z.object({
  outbox: z.object({ pending: z.number(), sent: z.number(), failed: z.number() }),
});
const PING_TIMEOUT_MS = 3000;

export async function healthRoutes(app: AppInstance): Promise<void> {
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
}

function assertOpsToken(request: FastifyRequest, expected: string): void {
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice(7) : '';
  // Compared as digests, in constant time: the answer's timing says nothing about the token.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  if (!given || !timingSafeEqual(digest(given), digest(expected))) throw new AppError('unauthorized');
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
