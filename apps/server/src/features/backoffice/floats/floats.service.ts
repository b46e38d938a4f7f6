import { AppError, todayIsoDate } from '@kreyolcash/domain';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../../app-deps.ts';
import { recordAudit } from '../../../audit/audit.ts';
import type { DB } from '../../../db/schema.ts';
import { moveFloatWithin, refusalError } from '../../../ledger/ledger.ts';
import { withTransactionRetry } from '../../../lib/transaction-retry.ts';
import { assertDecidable } from '../four-eyes.ts';
import type { OperatorSession } from '../operators/operators.repository.ts';
import { findFloatAgent, findFloatOperation } from './floats.repository.ts';

// Agents' float under four eyes, as the adjustments are (adjustments.service.ts): finance proposes
// an issuance against a bank deposit (emissao) or a redemption for cash (resgate), another finance
// or admin operator approves or rejects it.
//
// The approval is ONE transaction: the proposal's row is locked, the ledger posts the movement
// (moveFloatWithin, idempotent by the key `float:<proposal id>`), the proposal becomes 'aprovado'
// with the movement's id, and the audit row is written; all of it commits or none of it does. Two
// operators approving at once queue on the row lock and the second finds it decided. A refusal of
// the ledger (a redemption above what the float can give now) rolls it all back, so the proposal
// stays proposed and can be approved once the float has it.

type Kind = 'emissao' | 'resgate';

const actorOf = (operator: OperatorSession) => `operator:${operator.id}`;

/** The unique index that lets one bank deposit back one issuance (migration 0016). */
const ONE_DEPOSIT_ONE_ISSUANCE = 'operacoes_float_deposito_unico';

export async function proposeFloatOperation(
  deps: AppDeps,
  p: {
    operator: OperatorSession;
    tipo: Kind;
    agente: string;
    amountCentis: number;
    referencia: string;
    /** YYYY-MM-DD, an issuance's only. */
    dataDeposito?: string;
  },
) {
  if (p.tipo === 'emissao' && (p.dataDeposito ?? '') > todayIsoDate()) {
    throw new AppError('deposit_date_in_future');
  }
  const agent = await findFloatAgent(deps.database.db, p.agente);
  if (!agent) throw new AppError('agent_not_found');
  let id: string;
  try {
    id = await deps.database.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('operacoes_float')
        .values({
          tipo: p.tipo,
          agente_id: agent.id,
          quantidade_centis: p.amountCentis,
          referencia: p.referencia,
          data_deposito: p.tipo === 'emissao' ? (p.dataDeposito ?? null) : null,
          proposto_por: p.operator.id,
        })
        .returning(['id', 'status'])
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        operator: p.operator,
        action: 'float.propose',
        target: { type: 'operacao_float', id: row.id },
        userId: agent.usuario_id,
        after: {
          tipo: p.tipo,
          status: row.status,
          agente_numero: agent.numero,
          quantidade_centis: p.amountCentis,
          referencia: p.referencia,
          ...(p.tipo === 'emissao' ? { data_deposito: p.dataDeposito } : {}),
        },
      });
      return row.id;
    });
  } catch (error) {
    const pgError = error as { code?: unknown; constraint?: unknown };
    if (pgError.code === '23505' && pgError.constraint === ONE_DEPOSIT_ONE_ISSUANCE) {
      throw new AppError('deposit_reference_taken');
    }
    throw error;
  }
  return shown(deps, id);
}

export async function approveFloatOperation(deps: AppDeps, p: { id: string; operator: OperatorSession }) {
  const posted = await withTransactionRetry(() =>
    deps.database.db.transaction().execute(async (trx) => {
      const proposal = await lockPending(trx, p);
      const agent = await trx
        .selectFrom('agentes')
        .select(['conta_id', 'usuario_id'])
        .where('id', '=', proposal.agente_id)
        .executeTakeFirstOrThrow();
      const result = await moveFloatWithin(trx, {
        kind: proposal.tipo,
        floatAccountId: agent.conta_id,
        amountCentis: proposal.quantidade_centis,
        reason: `${proposal.tipo} ${proposal.referencia}`,
        actor: actorOf(p.operator),
        idempotencyKey: `float:${proposal.id}`,
      });
      if (!result.ok) throw refusalError(result);
      await recordDecision(trx, p.operator, proposal, agent.usuario_id, {
        status: 'aprovado',
        movimentacao_id: result.movimentacao_id,
      });
      return result;
    }),
  );
  // Realtime after the commit, as the ledger's own operations do: the agent's screens refresh.
  if (!posted.replayed) deps.events.publish(posted.usuarios, posted.movimentacao_id);
  return shown(deps, p.id);
}

export async function rejectFloatOperation(
  deps: AppDeps,
  p: { id: string; operator: OperatorSession; motivo: string },
) {
  await deps.database.db.transaction().execute(async (trx) => {
    const proposal = await lockPending(trx, p);
    const agent = await trx
      .selectFrom('agentes')
      .select('usuario_id')
      .where('id', '=', proposal.agente_id)
      .executeTakeFirstOrThrow();
    await recordDecision(trx, p.operator, proposal, agent.usuario_id, {
      status: 'rejeitado',
      reason: p.motivo,
    });
  });
  return shown(deps, p.id);
}

/** The decision and its audit row, in the caller's transaction. */
async function recordDecision(
  trx: Transaction<DB>,
  operator: OperatorSession,
  proposal: { id: string; tipo: Kind },
  userId: string,
  decision: { status: 'aprovado'; movimentacao_id: string } | { status: 'rejeitado'; reason: string },
): Promise<void> {
  const approved = decision.status === 'aprovado';
  await trx
    .updateTable('operacoes_float')
    .set({
      status: decision.status,
      decidido_por: operator.id,
      decidido_em: new Date(),
      ...(approved ? { movimentacao_id: decision.movimentacao_id } : { decisao_motivo: decision.reason }),
    })
    .where('id', '=', proposal.id)
    .execute();
  await recordAudit(trx, {
    operator,
    action: approved ? 'float.approve' : 'float.reject',
    target: { type: 'operacao_float', id: proposal.id },
    userId,
    before: { tipo: proposal.tipo, status: 'proposto' },
    after: {
      tipo: proposal.tipo,
      status: decision.status,
      ...(approved ? { movimentacao_id: decision.movimentacao_id } : {}),
    },
    reason: approved ? null : decision.reason,
  });
}

/** The proposal, locked until the decision commits; decided by someone else than its proposer. */
async function lockPending(trx: Transaction<DB>, p: { id: string; operator: OperatorSession }) {
  const proposal = await trx
    .selectFrom('operacoes_float')
    .selectAll()
    .where('id', '=', p.id)
    .forUpdate()
    .executeTakeFirst();
  // The database refuses the proposer's own decision too (operacoes_float_quatro_olhos).
  assertDecidable(proposal, p.operator.id, {
    own: 'own_float_approval',
    notPending: 'float_operation_not_pending',
  });
  return proposal;
}

async function shown(deps: AppDeps, id: string) {
  const row = await findFloatOperation(deps.database.db, id);
  if (!row) throw new AppError('not_found');
  return row;
}
