import { AppError } from '@kreyolcash/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { verifyPassword } from '../../identity/passwords.ts';
import { type IssuedTokens, startSession } from '../../identity/sessions.service.ts';
import { findPasswordHash, findUserByEmail, type UserRow } from '../../identity/users.repository.ts';

/**
 * Checks the password first and only then the account's state, so a wrong password never tells
 * whether an e-mail is registered or unconfirmed.
 */
export async function logIn(
  db: Kysely<DB>,
  jwtSecret: string,
  credentials: { email: string; password: string },
): Promise<{ user: UserRow; tokens: IssuedTokens }> {
  const user = await findUserByEmail(db, credentials.email);
  const passwordHash = user ? await findPasswordHash(db, user.id) : undefined;
  const isPasswordRight = await verifyPassword(passwordHash, credentials.password);
  if (!user || !isPasswordRight)
    throw new AppError('invalid_credentials', { message: 'Invalid login credentials' });
  if (!user.email_confirmado_em)
    throw new AppError('email_not_confirmed', { message: 'Email not confirmed' });
  if (user.status !== 'ATIVO') throw new AppError('account_blocked');
  return { user, tokens: await startSession(db, jwtSecret, user.id) };
}
