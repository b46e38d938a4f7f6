import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB, EmailTokenPurpose } from '../../db/schema.ts';

export async function insertEmailToken(
  trx: Transaction<DB>,
  p: { userId: string; tokenHash: string; purpose: EmailTokenPurpose; ttlMs: number },
): Promise<void> {
  await trx
    .insertInto('tokens_email')
    .values({
      user_id: p.userId,
      token_hash: p.tokenHash,
      finalidade: p.purpose,
      expira_em: sql<Date>`now() + make_interval(secs => ${p.ttlMs / 1000})`,
    })
    .execute();
}

/**
 * Spends a one-time token: marks it used and returns its user, or undefined when it is unknown,
 * expired or already used. One conditional UPDATE, so two requests racing with the same token
 * cannot both succeed.
 */
export async function consumeEmailToken(
  trx: Transaction<DB>,
  p: { tokenHash: string; purpose: EmailTokenPurpose },
): Promise<string | undefined> {
  const row = await trx
    .updateTable('tokens_email')
    .set({ usado_em: sql`now()` })
    .where('token_hash', '=', p.tokenHash)
    .where('finalidade', '=', p.purpose)
    .where('usado_em', 'is', null)
    .where('expira_em', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** A new link makes the older unused ones of the same purpose useless. */
export async function expireEmailTokens(
  db: Kysely<DB>,
  p: { userId: string; purpose: EmailTokenPurpose },
): Promise<void> {
  await db
    .updateTable('tokens_email')
    .set({ expira_em: sql`now()` })
    .where('user_id', '=', p.userId)
    .where('finalidade', '=', p.purpose)
    .where('usado_em', 'is', null)
    .execute();
}
