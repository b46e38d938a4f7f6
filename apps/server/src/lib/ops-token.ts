import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '@kreyolcash/domain';
import type { FastifyRequest } from 'fastify';

/** The operators' endpoints (outbox figures, metrics) answer only the bearer of OPS_TOKEN. */
export function assertOpsToken(request: FastifyRequest, expected: string): void {
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice(7) : '';
  // Compared as digests, in constant time: the answer's timing says nothing about the token.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  if (!given || !timingSafeEqual(digest(given), digest(expected))) throw new AppError('unauthorized');
}
