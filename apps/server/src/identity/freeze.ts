import { AppError } from '@kreyolcash/domain';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { type AuditOperator, recordAudit } from '../audit/audit.ts';
import type { DB } from '../db/schema.ts';

// Freezing an account: no money leaves it — the ledger refuses its holds and posts
// (sql/limits.sql, two-phase.sql) — while it can still sign in, see everything and receive. Its
// owner freezes it at once ("I lost my phone"); operators freeze it with a reason; only support
// unfreezes, after checking identity. Each change and its audit row are one transaction, under
// the user's row lock, so two freezes cannot both pass the "not frozen yet" check.

export const freezeStateSchema = z.object({
  congelado: z.boolean(),
  congelado_em: z.date().nullable(),
  congelado_por: z.enum(['usuario', 'operador']).nullable(),
  congelado_motivo: z.string().nullable(),
});

export type FreezeState = z.infer<typeof freezeStateSchema>;

type Actor = { operator: AuditOperator } | { owner: true };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Freezes the account. An already frozen one is account_already_frozen (409) for an operator;
 * its owner, who may tap twice in a panic, gets the frozen state back and no second audit row.
 */
export async function freezeAccount(
  db: Kysely<DB>,
  p: { userId: string; actor: Actor; reason: string | null },
): Promise<FreezeState> {
  return db.transaction().execute(async (trx) => {
    const before = await lockedState(trx, p.userId);
    if (before.congelado) {
      if ('owner' in p.actor) return before;
      throw new AppError('account_already_frozen');
    }
    const operator = 'operator' in p.actor ? p.actor.operator : null;
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
        })
        .where('id', '=', p.userId)
        .returning(['congelado_em', 'congelado_por', 'congelado_motivo'])
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
    return after;
  });
}

/** Unfreezes the account (support only, checked by the route); a live one is account_not_frozen (409). */
export async function unfreezeAccount(
  db: Kysely<DB>,
  p: { userId: string; operator: AuditOperator; reason: string },
): Promise<FreezeState> {
  return db.transaction().execute(async (trx) => {
    const before = await lockedState(trx, p.userId);
    if (!before.congelado) throw new AppError('account_not_frozen');
    await trx
      .updateTable('usuarios')
      .set({ congelado_em: null, congelado_por: null, congelado_motivo: null })
      .where('id', '=', p.userId)
      .execute();
    const after = stateOf({ congelado_em: null, congelado_por: null, congelado_motivo: null });
    await recordAudit(trx, {
      operator: p.operator,
      action: 'account.unfreeze',
      target: { type: 'usuario', id: p.userId },
      userId: p.userId,
      before,
      after,
      reason: p.reason,
    });
    return after;
  });
}

async function lockedState(trx: Kysely<DB>, userId: string): Promise<FreezeState> {
  if (!UUID.test(userId)) throw new AppError('user_not_found');
  const row = await trx
    .selectFrom('usuarios')
    .select(['congelado_em', 'congelado_por', 'congelado_motivo'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('user_not_found');
  return stateOf(row);
}

function stateOf(row: Omit<FreezeState, 'congelado'>): FreezeState {
  return {
    congelado: row.congelado_em !== null,
    congelado_em: row.congelado_em,
    congelado_por: row.congelado_por,
    congelado_motivo: row.congelado_motivo,
  };
}

/** The operator's reason, trimmed; missing or blank is reason_required (422). */
export function requiredReason(motivo: string | undefined): string {
  const reason = motivo?.trim() ?? '';
  if (reason.length === 0) throw new AppError('reason_required');
  return reason;
}
