import { AppError, type Locale } from '@kreyolcash/domain';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../../app-deps.ts';
import { recordAudit } from '../../../audit/audit.ts';
import type { DB } from '../../../db/schema.ts';
import { ledger, refusalError } from '../../../ledger/ledger.ts';
import { withTransactionRetry } from '../../../lib/transaction-retry.ts';
import { enqueue } from '../../../messaging/outbox.ts';
import { assertDecidable } from '../four-eyes.ts';
import type { OperatorSession } from '../operators/operators.repository.ts';
import { findAdjustment } from './adjustments.repository.ts';

// Adjustments with two approvals: finance proposes a credit or a debit, another finance
// or admin operator approves it, and only then is it posted through the ledger's `adjust`.
//
// The approval is ONE transaction: the proposal's row is locked, the ledger posts the movement
// (ledger.adjustWithin, idempotent by the key `adjustment:<proposal id>`), the proposal becomes
// 'aprovado' with the movement's id, the audit row and the person's WhatsApp message are written,
// and all of it commits or none of it does. A crash at any point leaves either nothing or
// everything, never a posted movement with a proposal still 'proposto'. Two operators approving
// at once queue on the row lock: the second finds it 'aprovado' (adjustment_not_pending), and the
// key would refuse a second posting even if the lock were bypassed. A refusal of the ledger
// (a debit above what the person can spend) rolls back the whole transaction, the key included,
// so the proposal stays 'proposto' and can be approved once the money is there.
//
// No adjustment moves more than the configured ADJUSTMENT_MAX_CENTIS, checked at the proposal and
// again at the approval, since the ceiling may have been lowered in between; the ledger refuses a
// credit that would take the money issued past the ceiling of every figure (amount_too_large).

const actorOf = (operator: OperatorSession) => `operator:${operator.id}`;

/** 422 adjustment_too_large above the configured most one adjustment may move. */
function assertWithinAdjustmentMax(deps: AppDeps, amountCentis: number): void {
  const max = deps.config.adjustmentMaxCentis;
  if (Math.abs(amountCentis) > max) {
    throw new AppError('adjustment_too_large', { details: { limite_centis: max } });
  }
}

export async function proposeAdjustment(
  deps: AppDeps,
  p: { operator: OperatorSession; userId: string; amountCentis: number; motivo: string; referencia: string },
) {
  assertWithinAdjustmentMax(deps, p.amountCentis);
  const id = await deps.database.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('ajustes_propostos')
      .values({
        user_id: p.userId,
        quantidade_centis: p.amountCentis,
        motivo: p.motivo,
        referencia: p.referencia,
        proposto_por: p.operator.id,
      })
      .returning(['id', 'status'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      operator: p.operator,
      action: 'adjustment.propose',
      target: { type: 'ajuste_proposto', id: row.id },
      userId: p.userId,
      after: { status: row.status, quantidade_centis: p.amountCentis, referencia: p.referencia },
      reason: p.motivo,
    });
    return row.id;
  });
  return shown(deps, id);
}

export async function approveAdjustment(deps: AppDeps, p: { id: string; operator: OperatorSession }) {
  const posted = await withTransactionRetry(() =>
    deps.database.db.transaction().execute(async (trx) => {
      const proposal = await lockPending(trx, p);
      assertWithinAdjustmentMax(deps, proposal.quantidade_centis);
      const result = await ledger.adjustWithin(trx, {
        userId: proposal.user_id,
        amountCentis: proposal.quantidade_centis,
        reason: proposal.motivo,
        actor: actorOf(p.operator),
        idempotencyKey: `adjustment:${proposal.id}`,
      });
      if (!result.ok) throw refusalError(result);
      await recordDecision(trx, p.operator, proposal, {
        status: 'aprovado',
        movimentacao_id: result.movimentacao_id,
        reason: proposal.motivo,
      });
      await tellPerson(trx, proposal);
      return result;
    }),
  );
  // Realtime after the commit, as the ledger's own operations do: the app refreshes the balance.
  if (!posted.replayed) deps.events.publish(posted.usuarios, posted.movimentacao_id);
  return shown(deps, p.id);
}

export async function rejectAdjustment(
  deps: AppDeps,
  p: { id: string; operator: OperatorSession; motivo: string },
) {
  await deps.database.db.transaction().execute(async (trx) => {
    const proposal = await lockPending(trx, p);
    await recordDecision(trx, p.operator, proposal, { status: 'rejeitado', reason: p.motivo });
  });
  return shown(deps, p.id);
}

/**
 * The decision on the proposal and its audit row, in the caller's transaction: an approval names
 * the movement it posted, a rejection keeps the finance operator's reason.
 */
async function recordDecision(
  trx: Transaction<DB>,
  operator: OperatorSession,
  proposal: { id: string; user_id: string },
  decision:
    | { status: 'aprovado'; movimentacao_id: string; reason: string }
    | { status: 'rejeitado'; reason: string },
): Promise<void> {
  const movimentacao_id = decision.status === 'aprovado' ? decision.movimentacao_id : undefined;
  await trx
    .updateTable('ajustes_propostos')
    .set({
      status: decision.status,
      decidido_por: operator.id,
      decidido_em: new Date(),
      ...(movimentacao_id ? { movimentacao_id } : { decisao_motivo: decision.reason }),
    })
    .where('id', '=', proposal.id)
    .execute();
  await recordAudit(trx, {
    operator,
    action: decision.status === 'aprovado' ? 'adjustment.approve' : 'adjustment.reject',
    target: { type: 'ajuste_proposto', id: proposal.id },
    userId: proposal.user_id,
    before: { status: 'proposto' },
    after: { status: decision.status, ...(movimentacao_id ? { movimentacao_id } : {}) },
    reason: decision.reason,
  });
}

/** The proposal, locked until the decision commits; decided by someone else than its proposer. */
async function lockPending(trx: Transaction<DB>, p: { id: string; operator: OperatorSession }) {
  const proposal = await trx
    .selectFrom('ajustes_propostos')
    .selectAll()
    .where('id', '=', p.id)
    .forUpdate()
    .executeTakeFirst();
  // The database refuses the proposer's own decision too (ajustes_quatro_olhos).
  assertDecidable(proposal, p.operator.id, {
    own: 'own_adjustment_approval',
    notPending: 'adjustment_not_pending',
  });
  return proposal;
}

async function tellPerson(
  trx: Transaction<DB>,
  proposal: { id: string; user_id: string; quantidade_centis: number; motivo: string },
) {
  const person = await trx
    .selectFrom('usuarios')
    .select(['telefone', 'idioma'])
    .where('id', '=', proposal.user_id)
    .executeTakeFirstOrThrow();
  await enqueue(trx, {
    channel: 'whatsapp',
    recipient: person.telefone,
    purpose: 'adjustment_posted',
    referencia: proposal.id,
    idioma: person.idioma as Locale,
    template: 'adjustment_posted',
    params: {
      valor_centis: Math.abs(proposal.quantidade_centis),
      credito: proposal.quantidade_centis > 0,
      motivo: proposal.motivo,
    },
  });
}

async function shown(deps: AppDeps, id: string) {
  const row = await findAdjustment(deps.database.db, id);
  if (!row) throw new AppError('not_found');
  return row;
}
