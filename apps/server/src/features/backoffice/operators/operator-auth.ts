import { AppError, OPERATOR_ROLES, type OperatorRole } from '@kreyolcash/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps, AppInstance } from '../../../app-deps.ts';
import type { Config } from '../../../config.ts';
import { hashToken } from '../../../lib/secure-tokens.ts';
import {
  OPERATOR_SESSION_MAX_MS,
  type OperatorSession,
  touchOperatorSession,
} from './operators.repository.ts';

// Operators sign in apart from app users: their own cookie (httpOnly, SameSite=Strict, sent only
// to /api/admin), their own sessions, and a role on every route. A route under /api/admin declares
// the roles it admits in its config; backoffice.routes.ts refuses to register one that does not.

export const OPERATOR_COOKIE = 'kc_op';
const COOKIE_PATH = '/api/admin';

export { OPERATOR_ROLES };
export const ANY_OPERATOR: readonly OperatorRole[] = OPERATOR_ROLES;

declare module 'fastify' {
  interface FastifyRequest {
    operator: OperatorSession | undefined;
  }
  interface FastifyContextConfig {
    /** The operator roles a back-office route admits. */
    operatorRoles?: readonly OperatorRole[];
    /** A back-office route that needs no operator session (the sign-in itself). */
    operatorPublic?: boolean;
  }
}

export function setOperatorCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(OPERATOR_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isProduction,
    path: COOKIE_PATH,
    maxAge: Math.floor(OPERATOR_SESSION_MAX_MS / 1000),
  });
}

export function clearOperatorCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(OPERATOR_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isProduction,
    path: COOKIE_PATH,
  });
}

export function operatorTokenOf(request: FastifyRequest): string | undefined {
  return request.cookies[OPERATOR_COOKIE] || undefined;
}

/**
 * The route options of a back-office route: the roles it admits, and the hook that checks the
 * session (401 without a live one) and the role (403 forbidden for another role).
 */
export function operatorOnly(app: AppInstance, roles: readonly OperatorRole[]) {
  return {
    config: { operatorRoles: roles },
    onRequest: async (request: FastifyRequest): Promise<void> => {
      const token = operatorTokenOf(request);
      const session = token ? await touchOperatorSession(app.deps.database.db, hashToken(token)) : undefined;
      if (!session) throw new AppError('unauthorized', { message: 'operator session required' });
      if (!roles.includes(session.papel)) throw new AppError('forbidden', { message: 'role not allowed' });
      request.operator = session;
    },
  };
}

/** The signed-in operator inside a route guarded by operatorOnly. */
export function operatorOf(request: FastifyRequest): OperatorSession {
  if (!request.operator) throw new AppError('unauthorized');
  return request.operator;
}

export type OperatorRouteEntry = { method: string; url: string; roles: readonly OperatorRole[] | 'public' };

// Every back-office route with the roles it admits, per app: the authorization matrix test walks it.
const routeTables = new WeakMap<AppDeps, OperatorRouteEntry[]>();

export function operatorRouteTable(app: AppInstance): OperatorRouteEntry[] {
  let table = routeTables.get(app.deps);
  if (!table) {
    table = [];
    routeTables.set(app.deps, table);
  }
  return table;
}
