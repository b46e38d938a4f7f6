import { AppError } from '@kreyolcash/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { hashToken, randomToken } from '../lib/secure-tokens.ts';
import { signAccessToken } from './access-token.ts';
import {
  findRefreshTokenForUpdate,
  insertRefreshToken,
  insertSession,
  isRetryOfLatestRotation,
  markRotated,
  retireUnusedTokens,
  revokeSession,
} from './sessions.repository.ts';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * How long after its rotation a refresh token may come again as a retry. On a slow network the
 * answer that carried its successor can be lost (a dropped connection, a timeout, the app closed),
 * and the phone still holds the old token: within this time, and while the successor is unused,
 * the old token gets a new successor and the lost one is retired, instead of the whole session
 * being revoked as a theft.
 */
export const REFRESH_RETRY_GRACE_MS = 2 * 60 * 1000;

export type IssuedTokens = { accessToken: string; expiresAtSeconds: number; refreshToken: string };

export async function startSession(db: Kysely<DB>, jwtSecret: string, userId: string): Promise<IssuedTokens> {
  const refreshToken = randomToken();
  const sessionId = await db.transaction().execute(async (trx) => {
    const id = await insertSession(trx, userId);
    await insertRefreshToken(trx, {
      sessionId: id,
      tokenHash: hashToken(refreshToken),
      expiresAt: refreshExpiry(),
    });
    return id;
  });
  const access = await signAccessToken({ userId, sessionId }, jwtSecret);
  return { accessToken: access.token, expiresAtSeconds: access.expiresAtSeconds, refreshToken };
}

type RotateOutcome =
  | { kind: 'rotated'; userId: string; sessionId: string; refreshToken: string }
  | { kind: 'reused'; sessionId: string }
  | { kind: 'invalid' };

/**
 * Trades a refresh token for a new pair. Each token works once: presenting a rotated token again
 * means it was copied, so the whole session is revoked (the thief and the owner both sign in again)
 * — unless it is a retry (REFRESH_RETRY_GRACE_MS): then the unused successor is retired and another
 * takes its place. At most one successor works at a time, and a retired one presented later revokes
 * the session: a thief who retries in time cuts the owner off, and the owner's next refresh ends
 * the thief's session too.
 */
export async function rotateSession(
  db: Kysely<DB>,
  jwtSecret: string,
  refreshToken: string,
  onRevoked: (sessionId: string) => void = () => {},
): Promise<IssuedTokens & { userId: string }> {
  const tokenHash = hashToken(refreshToken);
  const outcome = await db.transaction().execute(async (trx): Promise<RotateOutcome> => {
    const found = await findRefreshTokenForUpdate(trx, tokenHash);
    if (!found || found.revogado_em || found.expira_em.getTime() <= Date.now()) return { kind: 'invalid' };
    if (found.retirado_em) return { kind: 'reused', sessionId: found.session_id };
    if (found.rotacionado_em) {
      if (!(await isRetryOfLatestRotation(trx, tokenHash, REFRESH_RETRY_GRACE_MS)))
        return { kind: 'reused', sessionId: found.session_id };
      await retireUnusedTokens(trx, found.session_id);
    } else {
      await markRotated(trx, tokenHash);
    }
    const next = randomToken();
    await insertRefreshToken(trx, {
      sessionId: found.session_id,
      tokenHash: hashToken(next),
      expiresAt: refreshExpiry(),
    });
    return { kind: 'rotated', userId: found.user_id, sessionId: found.session_id, refreshToken: next };
  });
  switch (outcome.kind) {
    case 'invalid':
      throw new AppError('session_expired');
    case 'reused':
      await revokeSession(db, outcome.sessionId, 'refresh_token_reuse');
      onRevoked(outcome.sessionId);
      throw new AppError('session_expired', { message: 'refresh token reused; session revoked' });
    case 'rotated': {
      const access = await signAccessToken(
        { userId: outcome.userId, sessionId: outcome.sessionId },
        jwtSecret,
      );
      return {
        userId: outcome.userId,
        accessToken: access.token,
        expiresAtSeconds: access.expiresAtSeconds,
        refreshToken: outcome.refreshToken,
      };
    }
  }
}

/** Revokes the refresh token's session; returns its id (undefined for an unknown token). */
export async function endSessionByRefreshToken(
  db: Kysely<DB>,
  refreshToken: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('session_id')
    .where('token_hash', '=', hashToken(refreshToken))
    .executeTakeFirst();
  if (!row) return undefined;
  await revokeSession(db, row.session_id, 'logout');
  return row.session_id;
}

function refreshExpiry(): Date {
  return new Date(Date.now() + REFRESH_TOKEN_TTL_MS);
}
