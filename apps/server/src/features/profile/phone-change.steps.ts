import {
  AppError,
  type ErrorCode,
  type Locale,
  MAX_CODE_ATTEMPTS,
  PHONE_CODE_EXPIRY_MS,
} from '@kreyolcash/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { accountFrozen, isFrozen } from '../../identity/freeze.ts';
import { firstNameOf } from '../../identity/user-presenter.ts';
import { findUserByPhone, type UserRow } from '../../identity/users.repository.ts';
import {
  type CodeConfig,
  type CodeSubjectPurpose,
  issueCode,
  refusalError,
  verifyCode,
} from '../../ledger/ledger.ts';
import {
  cancelOpenPhoneChanges,
  lockOpenPhoneChange,
  type PhoneChangeRow,
  setPhoneChangeStep,
} from './phone-change.repository.ts';
import { lockUser } from './profile.repository.ts';

// The pieces each step of the phone change is made of, inside the step's transaction. The codes
// are the ledger's one scheme (ledger/verification-codes.ts): the change is their subject and the
// phone each goes to is what it authorises, so the current number's code means nothing at the
// new-number step.

export type OpenStep = 'verify_current' | 'verify_new';
export type PhoneChangeState = {
  etapa: OpenStep;
  novo_telefone: string;
  expira_em: Date;
  tentativas_restantes: number;
};
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: AppError };

export const PURPOSE_OF: Record<OpenStep, CodeSubjectPurpose> = {
  verify_current: 'phone_change_current',
  verify_new: 'phone_change_new',
};

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  phone_change_not_pending: 'no phone change waits for this code',
  invalid_codes: 'wrong code',
};

export const failure = (error: AppError) => ({ ok: false as const, error });

/** The phone a step's code goes to. */
const phoneOf = (change: PhoneChangeRow, step: OpenStep) =>
  step === 'verify_current' ? change.telefone_anterior : change.novo_telefone;

// Checks the code of the given step under the user's and the change's locks; a wrong code costs
// an attempt (counted on the code), the last attempt and an expired code end the change.
export async function spendCode(
  trx: Transaction<DB>,
  config: CodeConfig,
  p: { userId: string; step: OpenStep; code: string },
): Promise<Outcome<{ user: UserRow; change: PhoneChangeRow }>> {
  const user = await lockUser(trx, p.userId);
  // A frozen account's phone stays as it is: whoever holds a lost phone with an open session must
  // not move the account's WhatsApp (the second factor of its codes, and where support's unfreeze
  // message goes) to their own number while the owner waits for support.
  if (user && isFrozen(user)) {
    // A change started before the freeze ends here, so it cannot be finished after an unfreeze.
    await cancelOpenPhoneChanges(trx, user.id);
    return failure(accountFrozen());
  }
  const change = user ? await lockOpenPhoneChange(trx, p.userId) : undefined;
  if (!user || change?.etapa !== p.step) {
    return failure(new AppError('phone_change_not_pending', { message: MESSAGES.phone_change_not_pending }));
  }
  const checked = await verifyCode(trx, config, {
    subjectId: change.id,
    purpose: PURPOSE_OF[p.step],
    phone: phoneOf(change, p.step),
    code: p.code,
  });
  if (checked.ok) return { ok: true, value: { user, change } };
  if (checked.error === 'code_expired' || checked.error === 'code_attempts_exceeded') {
    await setPhoneChangeStep(trx, change.id, 'cancelled');
  }
  return failure(refusalError(checked, MESSAGES));
}

/**
 * A fresh code for the step the change is at, to that step's phone, in the language of the user
 * changing their phone: attempts start again and the validity runs from now. A refusal (too many
 * codes sent) is thrown, so the step's transaction leaves nothing behind.
 */
export async function sendCode(
  trx: Transaction<DB>,
  config: CodeConfig,
  p: { change: PhoneChangeRow; step: OpenStep; idioma: Locale },
): Promise<PhoneChangeState> {
  const to = phoneOf(p.change, p.step);
  const issued = await issueCode(trx, config, {
    subjectId: p.change.id,
    purpose: PURPOSE_OF[p.step],
    userId: p.change.user_id,
    phone: to,
    validityMs: PHONE_CODE_EXPIRY_MS,
    message: {
      template: 'phone_change_code',
      purpose: PURPOSE_OF[p.step],
      language: p.idioma,
      params: {
        etapa: p.step === 'verify_current' ? 'atual' : 'novo',
        validade_min: PHONE_CODE_EXPIRY_MS / 60_000,
      },
    },
  });
  if (!issued.ok) throw refusalError(issued);
  return stateOf(p.change, { expiresAt: issued.expiresAt, attemptsLeft: MAX_CODE_ATTEMPTS });
}

export async function cancelIfTaken(
  trx: Transaction<DB>,
  change: PhoneChangeRow,
): Promise<AppError | undefined> {
  const holder = await findUserByPhone(trx, change.novo_telefone);
  if (!holder || holder.id === change.user_id) return undefined;
  await setPhoneChangeStep(trx, change.id, 'cancelled');
  return phoneTakenBy(holder);
}

// Spec §5: the message names who uses the number — by first name only, nothing else of them.
export function phoneTakenBy(holder: UserRow): AppError {
  const nome = firstNameOf(holder.nome_completo);
  return new AppError('phone_already_exists', {
    message: `the number is already used by ${nome}`,
    fields: { novo_telefone: 'phone_already_exists' },
    details: { nome },
  });
}

export function stateOf(
  change: PhoneChangeRow,
  code: { expiresAt: Date; attemptsLeft: number },
): PhoneChangeState {
  if (change.etapa !== 'verify_current' && change.etapa !== 'verify_new') {
    throw new Error(`phone change ${change.id} is ${change.etapa}, not open`);
  }
  return {
    etapa: change.etapa,
    novo_telefone: change.novo_telefone,
    expira_em: code.expiresAt,
    tentativas_restantes: code.attemptsLeft,
  };
}

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pgError = error as { code?: string; constraint?: string };
  return pgError?.code === '23505' && pgError.constraint === constraint;
}
