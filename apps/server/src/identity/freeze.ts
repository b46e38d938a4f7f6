import {
  AppError,
  type FreezeCategory,
  type freezeStateSchema,
  isFreezeCategory,
  isUnfreezeCategory,
  type Locale,
  type UnfreezeCategory,
} from '@kreyolcash/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import { type AuditOperator, recordAudit } from '../audit/audit.ts';
import type { DB } from '../db/schema.ts';
import { isUuid } from '../lib/ids.ts';
import { enqueue } from '../messaging/outbox.ts';
import { revokeOtherSessions } from './sessions.repository.ts';
import { firstNameOf } from './user-presenter.ts';
import { findUserById, type UserRow } from './users.repository.ts';

// Freezing an account: no money leaves it — the ledger refuses its holds and posts
// (sql/limits.sql, two-phase.sql) — while it can still sign in, see everything and receive. Its
// owner freezes it at once ("I lost my phone"); operators freeze it with a reason; only support
// unfreezes, after checking identity. Each change and its audit row are one transaction, under
// the user's row lock, so two freezes cannot both pass the "not frozen yet" check. An operator's
// freeze or unfreeze names a category from a closed list and tells the person on WhatsApp, in the
// same transaction; the operator's free-text reason stays in the audit trail.

// The state is the domain's FreezeState (freezeStateSchema), held here with the database's Date.
export type FreezeState = z.input<typeof freezeStateSchema>;

/**
 * Whether the account is frozen. What it refuses while frozen besides sending money: what acts in
 * the person's name toward others or binds them (moving the account's WhatsApp, inviting friends,
 * opening a business or adding to one, changing the name and photo people see before they pay),
 * since whoever holds a lost phone or is suspected of fraud must not; never what the owner needs to
 * get the account back (signing in, reading, support, disputes, the identity document).
 */
export const isFrozen = (user: Pick<UserRow, 'congelado_em'>): boolean => user.congelado_em !== null;
/** The refusal of any such action, 403 account_frozen; the app points it to support. */
export const accountFrozen = () => new AppError('account_frozen');

/** Refuses such an action of a frozen account before any work is done for it (an unlocked read). */
export async function refuseIfFrozen(db: Kysely<DB>, userId: string): Promise<void> {
  const user = await findUserById(db, userId);
  if (user && isFrozen(user)) throw accountFrozen();
}

type OperatorActor = { operator: AuditOperator; category: FreezeCategory };
type Actor = OperatorActor | { owner: true };

/**
 * An operator's freeze; an already frozen account is account_already_frozen (409). The owner's
 * sessions stay open: they may still sign in and see everything.
 */
export async function freezeAccount(
  db: Kysely<DB>,
  p: { userId: string; actor: OperatorActor; reason: string | null },
): Promise<FreezeState> {
  return db.transaction().execute((trx) => freezeLocked(trx, p));
}

/**
 * The owner's "I lost my phone": the freeze, and every other session of the account ended in the
 * same transaction, so whoever holds the lost phone is signed out at once and cannot, while support
 * checks the owner, move the account's WhatsApp to their own number. The asking session stays
 * open. A second tap ends the sessions opened since the first, and so does the owner's tap on an
 * account an operator froze. Answers the ended sessions too: the caller closes their streams.
 */
export async function freezeOwnAccount(
  db: Kysely<DB>,
  p: { userId: string; sessionId: string },
): Promise<{ state: FreezeState; endedSessions: string[] }> {
  return db.transaction().execute(async (trx) => {
    const state = await freezeLocked(trx, { userId: p.userId, actor: { owner: true }, reason: null });
    const endedSessions = await revokeOtherSessions(trx, {
      userId: p.userId,
      keep: p.sessionId,
      reason: 'self_freeze',
    });
    return { state, endedSessions };
  });
}

// The owner, who may tap twice in a panic, gets the frozen state back and no second audit row.
async function freezeLocked(
  trx: Transaction<DB>,
  p: { userId: string; actor: Actor; reason: string | null },
): Promise<FreezeState> {
  const { state: before, person } = await lockedState(trx, p.userId);
  if (before.congelado) {
    if ('owner' in p.actor) return before;
    throw new AppError('account_already_frozen');
  }
  const operator = 'operator' in p.actor ? p.actor.operator : null;
  const category = 'operator' in p.actor ? p.actor.category : null;
  const after = stateOf(
    await trx
      .updateTable('usuarios')
      .set({
        // The transaction's own clock, as the audit row's: the user's page finds the operator who
        // froze by the audit row at or before this instant (a JavaScript Date, to the millisecond,
        // could fall just before the row's microseconds).
        congelado_em: sql<Date>`now()`,
        congelado_por: operator ? 'operador' : 'usuario',
        congelado_motivo: p.reason,
        congelado_categoria: category,
      })
      .where('id', '=', p.userId)
      .returning(['congelado_em', 'congelado_por', 'congelado_motivo', 'congelado_categoria'])
      .executeTakeFirstOrThrow(),
  );
  await recordAudit(trx, {
    operator,
    action: 'account.freeze',
    target: { type: 'usuario', id: p.userId },
    userId: p.userId,
    before,
    after,
    reason: p.reason,
  });
  if (category) {
    await tellPerson(trx, person, {
      template: 'account_frozen_by_support',
      params: { nome: firstNameOf(person.nome_completo), categoria: category },
    });
  }
  return after;
}

/** Unfreezes the account (support only, checked by the route); a live one is account_not_frozen (409). */
export async function unfreezeAccount(
  db: Kysely<DB>,
  p: { userId: string; operator: AuditOperator; reason: string; category: UnfreezeCategory },
): Promise<FreezeState> {
  return db.transaction().execute(async (trx) => {
    const { state: before, person } = await lockedState(trx, p.userId);
    if (!before.congelado) throw new AppError('account_not_frozen');
    const cleared = {
      congelado_em: null,
      congelado_por: null,
      congelado_motivo: null,
      congelado_categoria: null,
    };
    await trx.updateTable('usuarios').set(cleared).where('id', '=', p.userId).execute();
    const after = stateOf(cleared);
    await recordAudit(trx, {
      operator: p.operator,
      action: 'account.unfreeze',
      target: { type: 'usuario', id: p.userId },
      userId: p.userId,
      before,
      after: { ...after, categoria_desbloqueio: p.category },
      reason: p.reason,
    });
    await tellPerson(trx, person, {
      template: 'account_unfrozen_by_support',
      params: { nome: firstNameOf(person.nome_completo), categoria: p.category },
    });
    return after;
  });
}

type Person = { id: string; nome_completo: string; telefone: string; idioma: Locale };

async function lockedState(
  trx: Transaction<DB>,
  userId: string,
): Promise<{ state: FreezeState; person: Person }> {
  knownUserId(userId);
  const row = await trx
    .selectFrom('usuarios')
    .select([
      'id',
      'nome_completo',
      'telefone',
      'idioma',
      'congelado_em',
      'congelado_por',
      'congelado_motivo',
      'congelado_categoria',
    ])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('user_not_found');
  const { id, nome_completo, telefone, idioma, ...state } = row;
  return { state: stateOf(state), person: { id, nome_completo, telefone, idioma } };
}

function stateOf(row: Omit<FreezeState, 'congelado'>): FreezeState {
  return {
    congelado: isFrozen(row),
    congelado_em: row.congelado_em,
    congelado_por: row.congelado_por,
    congelado_motivo: row.congelado_motivo,
    congelado_categoria: row.congelado_categoria,
  };
}

type FreezeNotice =
  | { template: 'account_frozen_by_support'; params: { nome: string; categoria: FreezeCategory } }
  | { template: 'account_unfrozen_by_support'; params: { nome: string; categoria: UnfreezeCategory } };

/** The person hears of an operator's freeze or unfreeze on WhatsApp, in their language. */
async function tellPerson(trx: Transaction<DB>, person: Person, notice: FreezeNotice): Promise<void> {
  await enqueue(trx, {
    channel: 'whatsapp',
    recipient: person.telefone,
    purpose: notice.template,
    referencia: person.id,
    idioma: person.idioma,
    ...notice,
  });
}

/** The category an operator picked for a freeze; missing or unknown is freeze_category_required (422). */
export function requiredFreezeCategory(value: string | undefined): FreezeCategory {
  if (!isFreezeCategory(value)) {
    throw new AppError('freeze_category_required', { fields: { categoria: 'freeze_category_required' } });
  }
  return value;
}

/** ... and for an unfreeze, from its own list. */
export function requiredUnfreezeCategory(value: string | undefined): UnfreezeCategory {
  if (!isUnfreezeCategory(value)) {
    throw new AppError('freeze_category_required', { fields: { categoria: 'freeze_category_required' } });
  }
  return value;
}

/** An id that can name a user, or user_not_found (404) before anything else about the request is judged. */
export function knownUserId(userId: string): string {
  if (!isUuid(userId)) throw new AppError('user_not_found');
  return userId;
}

/** The operator's reason, trimmed; missing or blank is reason_required (422). */
export function requiredReason(motivo: string | undefined): string {
  const reason = motivo?.trim() ?? '';
  if (reason.length === 0) throw new AppError('reason_required');
  return reason;
}
