import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../identity/access-token.ts';
import { type IssuedTokens, REFRESH_TOKEN_TTL_MS } from '../../identity/sessions.service.ts';

// The refresh token lives only in this cookie: httpOnly (no script reads it), SameSite=Strict (no
// other site sends it), limited to the auth routes, Secure in production.
export const REFRESH_COOKIE = 'kc_refresh';
const COOKIE_PATH = '/api/auth';

export function setRefreshCookie(reply: FastifyReply, config: Config, refreshToken: string): void {
  reply.setCookie(REFRESH_COOKIE, refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isProduction,
    path: COOKIE_PATH,
    maxAge: Math.floor(REFRESH_TOKEN_TTL_MS / 1000),
  });
}

export function clearRefreshCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isProduction,
    path: COOKIE_PATH,
  });
}

export function refreshTokenOf(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE] || undefined;
}

/** The session part of the login and refresh answers (spec §3 Session). */
export function sessionBody(tokens: IssuedTokens) {
  return {
    access_token: tokens.accessToken,
    token_type: 'bearer' as const,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: tokens.expiresAtSeconds,
  };
}
