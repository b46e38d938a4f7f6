import { AppError } from '@kreyolcash/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { IdentityHooks } from '../../identity/hooks.ts';
import { hashPassword } from '../../identity/passwords.ts';
import { revokeAllSessions } from '../../identity/sessions.repository.ts';
import type { UserRow } from '../../identity/users.repository.ts';
import { findUserByEmail, upsertPasswordHash } from '../../identity/users.repository.ts';
import { hashToken, randomToken } from '../../lib/secure-tokens.ts';
import { enqueue } from '../../messaging/outbox.ts';
import { consumeEmailToken, expireEmailTokens, insertEmailToken } from './email-tokens.repository.ts';

export const EMAIL_CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

const firstName = (user: Pick<UserRow, 'nome_completo'>) => user.nome_completo.trim().split(/\s+/)[0] ?? '';

/** Queues the confirmation e-mail inside the caller's transaction (sign-up or resend). */
export async function queueConfirmationEmail(
  trx: Transaction<DB>,
  config: Config,
  user: UserRow,
): Promise<void> {
  const token = randomToken();
  await insertEmailToken(trx, {
    userId: user.id,
    tokenHash: hashToken(token),
    purpose: 'email_confirmation',
    ttlMs: EMAIL_CONFIRMATION_TTL_MS,
  });
  // The token rides in the fragment: it never reaches a server log or a Referer header.
  const url = `${config.publicUrl}/confirm-email#token=${token}`;
  await enqueue(trx, {
    channel: 'email',
    recipient: user.email,
    purpose: 'email_confirmation',
    template: 'email_confirmation',
    params: { nome: firstName(user), link: url },
    idioma: user.idioma,
  });
}

export async function confirmEmail(
  db: Kysely<DB>,
  hooks: Pick<IdentityHooks, 'identityProven'>,
  token: string,
): Promise<void> {
  const confirmed = await db.transaction().execute(async (trx) => {
    const userId = await consumeEmailToken(trx, {
      tokenHash: hashToken(token),
      purpose: 'email_confirmation',
    });
    if (!userId) return false;
    const flipped = await trx
      .updateTable('usuarios')
      .set({ email_confirmado_em: new Date() })
      .where('id', '=', userId)
      .where('email_confirmado_em', 'is', null)
      .executeTakeFirst();
    // Only the confirmation that flips the account counts as a proof: a concurrent one waits on
    // the row lock above, then updates nothing.
    if (flipped.numUpdatedRows > 0n) await hooks.identityProven(trx, { userId, contact: 'email' });
    return true;
  });
  if (!confirmed) throw new AppError('invalid_confirmation_link');
}

/** Sends a fresh link to an unconfirmed account; says nothing about whether the e-mail exists. */
export async function resendConfirmation(db: Kysely<DB>, config: Config, email: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user || user.email_confirmado_em) return;
  await expireEmailTokens(db, { userId: user.id, purpose: 'email_confirmation' });
  await db.transaction().execute((trx) => queueConfirmationEmail(trx, config, user));
}

/**
 * Sends a reset link valid for 1 hour. The link carries two tokens in its fragment (the spec's
 * access_token and refresh_token); only their pair, hashed, is stored.
 */
export async function requestPasswordReset(db: Kysely<DB>, config: Config, email: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  await expireEmailTokens(db, { userId: user.id, purpose: 'password_reset' });
  const [accessToken, refreshToken] = [randomToken(), randomToken()];
  const url = `${config.publicUrl}/reset-password#access_token=${accessToken}&refresh_token=${refreshToken}&type=recovery`;
  await db.transaction().execute(async (trx) => {
    await insertEmailToken(trx, {
      userId: user.id,
      tokenHash: resetPairHash(accessToken, refreshToken),
      purpose: 'password_reset',
      ttlMs: PASSWORD_RESET_TTL_MS,
    });
    await enqueue(trx, {
      channel: 'email',
      recipient: user.email,
      purpose: 'password_reset',
      template: 'password_reset',
      params: { nome: firstName(user), link: url },
      idioma: user.idioma,
    });
  });
}

/** Sets the new password, kills the link, and signs every session out; returns the user's id. */
export async function resetPassword(
  db: Kysely<DB>,
  p: { accessToken: string; refreshToken: string; password: string },
): Promise<string> {
  const passwordHash = await hashPassword(p.password);
  const userId = await db.transaction().execute(async (trx) => {
    const id = await consumeEmailToken(trx, {
      tokenHash: resetPairHash(p.accessToken, p.refreshToken),
      purpose: 'password_reset',
    });
    if (id) {
      await upsertPasswordHash(trx, id, passwordHash);
      await revokeAllSessions(trx, id, 'password_reset');
    }
    return id;
  });
  if (!userId) throw new AppError('invalid_reset_link');
  return userId;
}

function resetPairHash(accessToken: string, refreshToken: string): string {
  return hashToken(`${accessToken}.${refreshToken}`);
}
