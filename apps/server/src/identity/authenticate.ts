import { AppError } from '@kreyolcash/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../app-deps.ts';
import { type AccessClaims, readAccessToken } from './access-token.ts';
import { sessionChecks } from './session-checks.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AccessClaims | undefined;
  }
}

/**
 * onRequest hook for routes that need a signed-in user: a valid access token whose session is
 * still open (a token stops working at logout, password reset or refresh-token reuse, not only
 * when it expires).
 */
export function authenticate(app: AppInstance) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    if (!token) throw new AppError('unauthorized', { message: 'missing bearer token' });
    const claims = await readAccessToken(token, app.deps.config.jwtSecret);
    if (!claims || !(await sessionChecks(app.deps.database.db).run(claims))) {
      throw new AppError('unauthorized', { message: 'invalid or expired token' });
    }
    request.auth = claims;
  };
}

/** The signed-in user's id inside a route guarded by authenticate. */
export function userIdOf(request: FastifyRequest): string {
  if (!request.auth) throw new AppError('unauthorized');
  return request.auth.userId;
}

/** The signed-in session's id inside a route guarded by authenticate. */
export function sessionIdOf(request: FastifyRequest): string {
  if (!request.auth) throw new AppError('unauthorized');
  return request.auth.sessionId;
}
