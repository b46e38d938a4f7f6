import { randomUUID } from 'node:crypto';
import { AppError, isSamePhone, type PhoneChangeBody } from '@kreyolcash/domain';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps.ts';
import type { DB } from '../../db/schema.ts';
import { accountFrozen, isFrozen } from '../../identity/freeze.ts';
import { findUserByPhone, type UserRow } from '../../identity/users.repository.ts';
import { findCode } from '../../ledger/ledger.ts';
import { withTransactionRetry } from '../../lib/transaction-retry.ts';
import { enqueue } from '../../messaging/outbox.ts';
import {
  cancelOpenPhoneChanges,
  findOpenPhoneChange,
  insertPhoneChange,
  setPhoneChangeStep,
} from './phone-change.repository.ts';
import {
  cancelIfTaken,
  failure,
  isUniqueViolation,
  type Outcome,
  type PhoneChangeState,
  PURPOSE_OF,
  phoneTakenBy,
  sendCode,
  spendCode,
  stateOf,
} from './phone-change.steps.ts';
import { lockUser, setPhone } from './profile.repository.ts';

export type { PhoneChangeState } from './phone-change.steps.ts';

// Spec §4: none → verify_current (a code to the current number) → verify_new (a code to the new
// number) → done. Every step locks the user's row first, then the open change, then its code, so
// one user's requests run one at a time: parallel guesses cannot pass the attempt limit and
// parallel right answers change the phone once. Failures that must be remembered (an attempt, a
// dead change) commit first and are thrown after. A frozen account's every step is account_frozen
// (403): nothing is sent, and a change left open from before the freeze ends.

export async function startPhoneChange(
  deps: AppDeps,
  p: { userId: string; body: PhoneChangeBody },
): Promise<PhoneChangeState> {
  const newPhone = p.body.novo_telefone;
  return withTransactionRetry(() =>
    deps.database.db.transaction().execute(async (trx) => {
      const user = await lockUser(trx, p.userId);
      if (!user) throw new AppError('user_not_found');
      if (isFrozen(user)) throw accountFrozen();
      if (isSamePhone(newPhone, user.telefone)) {
        throw new AppError('phone_same_as_current', { fields: { novo_telefone: 'phone_same_as_current' } });
      }
      const holder = await findUserByPhone(trx, newPhone);
      if (holder) throw phoneTakenBy(holder);
      await cancelOpenPhoneChanges(trx, user.id);
      const change = await insertPhoneChange(trx, {
        id: randomUUID(),
        userId: user.id,
        currentPhone: user.telefone,
        newPhone,
      });
      return sendCode(trx, deps.config, { change, step: 'verify_current', idioma: user.idioma });
    }),
  );
}

export async function verifyCurrentPhone(
  deps: AppDeps,
  p: { userId: string; code: string },
): Promise<PhoneChangeState> {
  const outcome = await withTransactionRetry(() =>
    deps.database.db.transaction().execute(async (trx): Promise<Outcome<PhoneChangeState>> => {
      const checked = await spendCode(trx, deps.config, { ...p, step: 'verify_current' });
      if (!checked.ok) return checked;
      const { user, change } = checked.value;
      const taken = await cancelIfTaken(trx, change);
      if (taken) return failure(taken);
      const next = await setPhoneChangeStep(trx, change.id, 'verify_new');
      return {
        ok: true,
        value: await sendCode(trx, deps.config, { change: next, step: 'verify_new', idioma: user.idioma }),
      };
    }),
  );
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

export async function verifyNewPhone(deps: AppDeps, p: { userId: string; code: string }): Promise<UserRow> {
  const outcome = await withTransactionRetry(() =>
    deps.database.db.transaction().execute(async (trx): Promise<Outcome<UserRow>> => {
      const checked = await spendCode(trx, deps.config, { ...p, step: 'verify_new' });
      if (!checked.ok) return checked;
      const { user, change } = checked.value;
      const taken = await cancelIfTaken(trx, change);
      if (taken) return failure(taken);
      const updated = await setPhone(trx, { userId: user.id, telefone: change.novo_telefone });
      await setPhoneChangeStep(trx, change.id, 'done');
      await deps.identityHooks.phoneChanged(trx, { userId: user.id, phone: updated.telefone });
      // The old number hears of it: if the change was not its owner's doing, they can react.
      await enqueue(trx, {
        channel: 'whatsapp',
        recipient: user.telefone,
        purpose: 'phone_changed',
        referencia: change.id,
        template: 'phone_changed',
        params: { final_telefone: updated.telefone.slice(-4) },
        idioma: user.idioma,
      });
      return { ok: true, value: updated };
    }),
  ).catch((error: unknown) => {
    // Someone took the number between our check and our update: the unique constraint decides.
    if (isUniqueViolation(error, 'usuarios_telefone_key')) throw new AppError('phone_already_exists');
    throw error;
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

export async function cancelPhoneChange(db: Kysely<DB>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    await cancelOpenPhoneChanges(trx, userId);
  });
}

/** The change in progress, or undefined when there is none (or its code has expired). */
export async function findPhoneChangeState(
  db: Kysely<DB>,
  userId: string,
): Promise<PhoneChangeState | undefined> {
  const change = await findOpenPhoneChange(db, userId);
  if (change?.etapa !== 'verify_current' && change?.etapa !== 'verify_new') return undefined;
  const code = await findCode(db, { subjectId: change.id, purpose: PURPOSE_OF[change.etapa] });
  return code && !code.expired ? stateOf(change, code) : undefined;
}
