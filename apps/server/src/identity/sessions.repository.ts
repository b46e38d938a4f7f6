import type { SessionEndReason } from '@kreyolcash/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

export type RefreshLookup = {
  session_id: string;
  user_id: string;
  expira_em: Date;
  rotacionado_em: Date | null;
  retirado_em: Date | null;
  revogado_em: Date | null;
};

export async function insertSession(trx: Transaction<DB>, userId: string): Promise<string> {
  const row = await trx
    .insertInto('sessoes')
    .values({ user_id: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertRefreshToken(
  trx: Transaction<DB>,
  p: { sessionId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await trx
    .insertInto('refresh_tokens')
    .values({ session_id: p.sessionId, token_hash: p.tokenHash, expira_em: p.expiresAt })
    .execute();
}

/**
 * Locks the token and its session: two refreshes racing with one token cannot both rotate it, and
 * a retry of a token and the use of its successor take turns.
 */
export async function findRefreshTokenForUpdate(
  trx: Transaction<DB>,
  tokenHash: string,
): Promise<RefreshLookup | undefined> {
  return trx
    .selectFrom('refresh_tokens as t')
    .innerJoin('sessoes as s', 's.id', 't.session_id')
    .select([
      't.session_id',
      's.user_id',
      't.expira_em',
      't.rotacionado_em',
      't.retirado_em',
      's.revogado_em',
    ])
    .where('t.token_hash', '=', tokenHash)
    .forUpdate(['t', 's'])
    .executeTakeFirst();
}

export async function markRotated(trx: Transaction<DB>, tokenHash: string): Promise<void> {
  await trx
    .updateTable('refresh_tokens')
    .set({ rotacionado_em: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .execute();
  await trx
    .updateTable('sessoes')
    .set({ ultimo_uso_em: sql`now()` })
    .where(
      'id',
      '=',
      trx.selectFrom('refresh_tokens').select('session_id').where('token_hash', '=', tokenHash),
    )
    .execute();
}

/**
 * Whether a rotated token is presented again as a retry: rotated within the last `graceMs`, and
 * the latest of its session to be rotated (so its successor was never used). Compared in the
 * database, whose instants keep microseconds a JavaScript Date would round away.
 */
export async function isRetryOfLatestRotation(
  trx: Transaction<DB>,
  tokenHash: string,
  graceMs: number,
): Promise<boolean> {
  const { rows } = await sql<{ retry: boolean }>`select exists (
      select 1 from refresh_tokens t
       where t.token_hash = ${tokenHash}
         and t.rotacionado_em > now() - ${graceMs} * interval '1 millisecond'
         and not exists (select 1 from refresh_tokens o
                          where o.session_id = t.session_id and o.rotacionado_em > t.rotacionado_em)) as retry`.execute(
    trx,
  );
  return rows[0]?.retry === true;
}

/**
 * Retires the session's unused refresh token (the successor whose answer never arrived): kept, so
 * that presenting it later revokes the session as a rotated token does.
 */
export async function retireUnusedTokens(trx: Transaction<DB>, sessionId: string): Promise<void> {
  await trx
    .updateTable('refresh_tokens')
    .set({ retirado_em: sql`now()` })
    .where('session_id', '=', sessionId)
    .where('rotacionado_em', 'is', null)
    .where('retirado_em', 'is', null)
    .execute();
}

export async function revokeSession(
  db: Kysely<DB>,
  sessionId: string,
  reason: SessionEndReason,
): Promise<void> {
  await db
    .updateTable('sessoes')
    .set({ revogado_em: sql`now()`, motivo_revogacao: reason })
    .where('id', '=', sessionId)
    .where('revogado_em', 'is', null)
    .execute();
}

export async function revokeAllSessions(
  db: Kysely<DB>,
  userId: string,
  reason: SessionEndReason,
): Promise<void> {
  await db
    .updateTable('sessoes')
    .set({ revogado_em: sql`now()`, motivo_revogacao: reason })
    .where('user_id', '=', userId)
    .where('revogado_em', 'is', null)
    .execute();
}

/** Ends every open session of the user but `keep`; answers the ids it ended. */
export async function revokeOtherSessions(
  trx: Transaction<DB>,
  p: { userId: string; keep: string; reason: SessionEndReason },
): Promise<string[]> {
  const ended = await trx
    .updateTable('sessoes')
    .set({ revogado_em: sql`now()`, motivo_revogacao: p.reason })
    .where('user_id', '=', p.userId)
    .where('id', '<>', p.keep)
    .where('revogado_em', 'is', null)
    .returning('id')
    .execute();
  return ended.map((row) => row.id);
}

/** Whether the token's session is open and belongs to the token's user. */
export async function isSessionActive(
  db: Kysely<DB>,
  claims: { sessionId: string; userId: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('sessoes')
    .select('id')
    .where('id', '=', claims.sessionId)
    .where('user_id', '=', claims.userId)
    .where('revogado_em', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
