import { randomUUID } from 'node:crypto';
import { AppError, MAX_CODE_ATTEMPTS, PHONE_CODE_EXPIRY_MS, type PhoneProofBody } from '@kreyolcash/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps.ts';
import type { DB } from '../../db/schema.ts';
import { accountFrozen, isFrozen } from '../../identity/freeze.ts';
import type { IdentityHooks } from '../../identity/hooks.ts';
import { firstNameOf } from '../../identity/user-presenter.ts';
import { findUserByPhone, type UserRow } from '../../identity/users.repository.ts';
import { findCode, issueCode, refusalError, verifyCode } from '../../ledger/ledger.ts';
import { withTransactionRetry } from '../../lib/transaction-retry.ts';
import { isUniqueViolation } from './phone-change.steps.ts';
import { lockUser, setPhone } from './profile.repository.ts';

// The sign-up phone is proven by a WhatsApp code before the account may send, buy,
// invite or earn a referral bonus. The code is the ledger's one scheme (purpose
// 'telefone_cadastro'): each code sent has a fresh subject id, and only the user's newest code
// counts, so a resend or a corrected number leaves the older codes worthless. Every step locks the
// user's row first, so parallel answers are counted one at a time and the phone is proven once.

const PURPOSE = 'telefone_cadastro';

export type PhoneProofState = {
  telefone: string;
  telefone_verificado: boolean;
  codigo: { expira_em: Date; tentativas_restantes: number } | null;
};

type Outcome<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** The newest proof code sent to this user: its subject and the phone it went to. */
async function newestCode(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('codigos_verificacao')
    .select(['sujeito_id', 'telefone', 'usado_em'])
    .where('user_id', '=', userId)
    .where('finalidade', '=', PURPOSE)
    .orderBy('criado_em', 'desc')
    .limit(1)
    .executeTakeFirst();
}

function alreadyProven(): AppError {
  return new AppError('phone_already_verified', { message: 'the phone is already proven' });
}

function takenBy(holder: UserRow): AppError {
  const nome = firstNameOf(holder.nome_completo);
  return new AppError('phone_already_exists', {
    message: `the number is already used by ${nome}`,
    fields: { telefone: 'phone_already_exists' },
    details: { nome },
  });
}

/** The user's phone, corrected first when another number is given, under the user's lock; never a frozen account's. */
async function correctPhone(
  trx: Transaction<DB>,
  hooks: IdentityHooks,
  user: UserRow,
  telefone: string | undefined,
) {
  if (telefone === undefined || telefone === user.telefone) return user;
  if (isFrozen(user)) throw accountFrozen();
  const holder = await findUserByPhone(trx, telefone);
  if (holder && holder.id !== user.id) throw takenBy(holder);
  const updated = await setPhone(trx, { userId: user.id, telefone });
  await hooks.phoneChanged(trx, { userId: user.id, phone: telefone });
  return updated;
}

/** Sends a code to the sign-up phone (after correcting the number when one is given). */
export async function sendPhoneProof(
  deps: AppDeps,
  p: { userId: string; body: PhoneProofBody },
): Promise<PhoneProofState> {
  return withTransactionRetry(() =>
    deps.database.db.transaction().execute(async (trx) => {
      const locked = await lockUser(trx, p.userId);
      if (!locked) throw new AppError('user_not_found');
      if (locked.telefone_verificado_em) throw alreadyProven();
      const user = await correctPhone(trx, deps.identityHooks, locked, p.body.telefone);
      const issued = await issueCode(trx, deps.config, {
        subjectId: randomUUID(),
        purpose: PURPOSE,
        userId: user.id,
        phone: user.telefone,
        validityMs: PHONE_CODE_EXPIRY_MS,
        message: {
          template: 'phone_proof_code',
          purpose: 'phone_proof_code',
          language: user.idioma,
          params: { validade_min: PHONE_CODE_EXPIRY_MS / 60_000 },
          referencia: user.id,
        },
      });
      if (!issued.ok) throw refusalError(issued);
      return {
        telefone: user.telefone,
        telefone_verificado: false,
        codigo: { expira_em: issued.expiresAt, tentativas_restantes: MAX_CODE_ATTEMPTS },
      };
    }),
  ).catch((error: unknown) => {
    // Someone took the corrected number between our check and our update.
    if (isUniqueViolation(error, 'usuarios_telefone_key')) {
      throw new AppError('phone_already_exists', { fields: { telefone: 'phone_already_exists' } });
    }
    throw error;
  });
}

/**
 * Checks the code against the user's newest one; a right code proves the phone and, in the same
 * transaction, settles the referral (which pays only once both e-mail and phone are proven). A
 * wrong code costs an attempt, which commits before the refusal is thrown.
 */
export async function verifyPhoneProof(deps: AppDeps, p: { userId: string; code: string }): Promise<UserRow> {
  const outcome = await withTransactionRetry(() =>
    deps.database.db.transaction().execute(async (trx): Promise<Outcome<UserRow>> => {
      const user = await lockUser(trx, p.userId);
      if (!user) return { ok: false, error: new AppError('user_not_found') };
      if (user.telefone_verificado_em) return { ok: false, error: alreadyProven() };
      const code = await newestCode(trx, user.id);
      // A code sent to a number since corrected proves nothing.
      if (!code || code.usado_em || code.telefone !== user.telefone) {
        return { ok: false, error: new AppError('phone_proof_not_pending', { message: 'no code waits' }) };
      }
      const checked = await verifyCode(trx, deps.config, {
        subjectId: code.sujeito_id,
        purpose: PURPOSE,
        phone: code.telefone,
        code: p.code,
      });
      if (!checked.ok) return { ok: false, error: refusalError(checked) };
      const proven = await trx
        .updateTable('usuarios')
        .set({ telefone_verificado_em: sql`now()` })
        .where('id', '=', user.id)
        .where('telefone_verificado_em', 'is', null)
        .returningAll()
        .executeTakeFirstOrThrow();
      await deps.identityHooks.identityProven(trx, { userId: user.id, contact: 'phone' });
      return { ok: true, value: proven };
    }),
  );
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

/** Where the proof stands: the phone, whether it is proven, and the live code if one waits. */
export async function findPhoneProofState(db: Kysely<DB>, userId: string): Promise<PhoneProofState> {
  const user = await db
    .selectFrom('usuarios')
    .select(['telefone', 'telefone_verificado_em'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new AppError('user_not_found');
  const proven = user.telefone_verificado_em !== null;
  const newest = proven ? undefined : await newestCode(db, userId);
  const live =
    newest && !newest.usado_em && newest.telefone === user.telefone
      ? await findCode(db, { subjectId: newest.sujeito_id, purpose: PURPOSE })
      : undefined;
  return {
    telefone: user.telefone,
    telefone_verificado: proven,
    codigo:
      live && !live.expired && live.attemptsLeft > 0
        ? { expira_em: live.expiresAt, tentativas_restantes: live.attemptsLeft }
        : null,
  };
}
