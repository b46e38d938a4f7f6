import { AppError, type Locale, MAX_CODE_ATTEMPTS, PHONE_CODE_EXPIRY_MS } from '@kreyolcash/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { firstNameOf } from '../accounts/user-presenter.ts';
import { findUserByPhone, type UserRow } from '../accounts/users.repository.ts';
import { enqueue } from '../messaging/outbox.ts';
import {
  lockOpenPhoneChange,
  type OpenPhoneChange,
  type PhoneChangeRow,
  updatePhoneChange,
} from './phone-change.repository.ts';
import { isPhoneCodeRight, type PhoneCodePurpose } from './phone-codes.ts';
import { lockUser } from './profile.repository.ts';

// The pieces each step of the phone change is made of, inside the step's transaction.

export type OpenStep = 'verify_current' | 'verify_new';
export type PhoneChangeState = {
  etapa: OpenStep;
  novo_telefone: string;
  expira_em: Date;
  tentativas_restantes: number;
};
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: AppError };

export const PURPOSE_OF: Record<OpenStep, PhoneCodePurpose> = {
  verify_current: 'phone_change_current',
  verify_new: 'phone_change_new',
};

export const failure = (error: AppError) => ({ ok: false as const, error });

// Checks the code of the given step under the locks; a wrong code costs an attempt, the last
// attempt and an expired code end the change.
export async function spendCode(
  trx: Transaction<DB>,
  pepper: string,
  p: { userId: string; step: OpenStep; code: string },
): Promise<Outcome<{ user: UserRow; change: OpenPhoneChange }>> {
  const user = await lockUser(trx, p.userId);
  const change = user ? await lockOpenPhoneChange(trx, p.userId) : undefined;
  if (!user || !change?.codigo_hash || change.etapa !== p.step) {
    return failure(
      new AppError('phone_change_not_pending', { message: 'no phone change waits for this code' }),
    );
  }
  if (change.expirado) {
    await updatePhoneChange(trx, change.id, { etapa: 'cancelled' });
    return failure(new AppError('code_expired'));
  }
  const binding = {
    requestId: change.id,
    purpose: PURPOSE_OF[p.step],
    userId: user.id,
    newPhone: change.novo_telefone,
    code: p.code,
  };
  if (isPhoneCodeRight(pepper, change.codigo_hash, binding)) {
    return { ok: true, value: { user, change } };
  }
  const tentativas = change.tentativas + 1;
  const tentativas_restantes = Math.max(0, MAX_CODE_ATTEMPTS - tentativas);
  if (tentativas_restantes === 0) {
    await updatePhoneChange(trx, change.id, { etapa: 'cancelled', tentativas });
    return failure(new AppError('code_attempts_exceeded', { details: { tentativas_restantes } }));
  }
  await updatePhoneChange(trx, change.id, { tentativas });
  return failure(new AppError('invalid_codes', { message: 'wrong code', details: { tentativas_restantes } }));
}

export async function cancelIfTaken(
  trx: Transaction<DB>,
  change: PhoneChangeRow,
): Promise<AppError | undefined> {
  const holder = await findUserByPhone(trx, change.novo_telefone);
  if (!holder || holder.id === change.user_id) return undefined;
  await updatePhoneChange(trx, change.id, { etapa: 'cancelled' });
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

/** A step's code, to `to`, in the language of the user changing their phone. */
export async function sendCode(
  trx: Transaction<DB>,
  p: { to: string; idioma: Locale; step: OpenStep; changeId: string; code: string },
): Promise<void> {
  await enqueue(trx, {
    channel: 'whatsapp',
    recipient: p.to,
    purpose: PURPOSE_OF[p.step],
    referencia: p.changeId,
    template: 'phone_change_code',
    params: {
      codigo: p.code,
      etapa: p.step === 'verify_current' ? 'atual' : 'novo',
      validade_min: PHONE_CODE_EXPIRY_MS / 60_000,
    },
    idioma: p.idioma,
  });
}

export function stateOf(change: PhoneChangeRow): PhoneChangeState {
  if (change.etapa !== 'verify_current' && change.etapa !== 'verify_new') {
    throw new Error(`phone change ${change.id} is ${change.etapa}, not open`);
  }
  return {
    etapa: change.etapa,
    novo_telefone: change.novo_telefone,
    expira_em: change.expira_em,
    tentativas_restantes: Math.max(0, MAX_CODE_ATTEMPTS - change.tentativas),
  };
}

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pgError = error as { code?: string; constraint?: string };
  return pgError?.code === '23505' && pgError.constraint === constraint;
}
