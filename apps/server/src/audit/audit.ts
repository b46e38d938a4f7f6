import type { AuditAction, AuditTargetType, OperatorRole } from '@kreyolcash/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

// The audit trail: one row per operator action (or a user's own freeze), written in the same
// transaction as the action, so an action without its row cannot exist. The table refuses
// update, delete and truncate (src/ledger/sql/guards.sql).

/** The operator who acted, as the trail names them. */
export type AuditOperator = { id: string; papel: OperatorRole };

export type AuditEntry = {
  /** The operator, or null when the account's owner acted (a self-freeze). */
  operator: AuditOperator | null;
  /** What was done, dotted: `kyc.approve`, `account.freeze`, `adjustment.propose`… */
  action: AuditAction;
  target: { type: AuditTargetType; id: string };
  /** The app user the action concerns, when there is one: the user's page lists it. */
  userId?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
};

export async function recordAudit(db: Kysely<DB> | Transaction<DB>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('auditoria')
    .values({
      operador_id: entry.operator?.id ?? null,
      papel: entry.operator?.papel ?? null,
      acao: entry.action,
      alvo_tipo: entry.target.type,
      alvo_id: entry.target.id,
      usuario_id: entry.userId ?? null,
      antes: entry.before === undefined ? null : JSON.stringify(entry.before),
      depois: entry.after === undefined ? null : JSON.stringify(entry.after),
      motivo: entry.reason ?? null,
    })
    .execute();
}
