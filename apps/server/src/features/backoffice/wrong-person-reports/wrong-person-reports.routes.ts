import {
  AppError,
  adminReportEnvelopeSchema,
  adminReportListSchema,
  DISPUTE_DECISIONS,
  type DisputeDecision,
  type ErrorCode,
  REPORT_STATUSES,
  transferRequestCentisField,
} from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { recordAudit } from '../../../audit/audit.ts';
import type { DB } from '../../../db/schema.ts';
import { disputes, okOrThrow, type ReportRow } from '../../../ledger/ledger.ts';
import { isUuid } from '../../../lib/ids.ts';
import { OPERATOR_SESSION } from '../../../lib/openapi.ts';
import { decodePageCursor } from '../../../lib/page-cursor.ts';
import { operatorOf, operatorOnly } from '../operators/operator-auth.ts';
import type { OperatorSession } from '../operators/operators.repository.ts';
import { queuePageQuery } from '../queue-page.ts';

// Disputes ("wrong person" reports among them): support and admin see the queue and decide each
// with a reason — reverse, refund (a part of a posted payment, or a held one voided), release (a
// held payment to its payee) or reject. Each decision and its audit row are one transaction: the
// ledger's door runs the decision inside a transaction and writes the audit row in it
// (disputes.ts `decide`), so neither can exist without the other.
const REPORT_ROLES = ['support', 'admin'] as const;
const tags = ['backoffice'];

const listQuery = queuePageQuery.extend({ status: z.enum(REPORT_STATUSES).optional() });
const params = z.object({ id: z.string() });
const decisionBody = z.object({ motivo: z.string().trim().max(500).optional() });
// A refund of a posted payment names the part that goes back (at most its amount); of a held one,
// the whole hold goes back and no amount is asked.
const refundBody = decisionBody.extend({ quantidade_centis: transferRequestCentisField.optional() });

function reportIdOf(request: { params: { id: string } }): string {
  if (!isUuid(request.params.id)) throw new AppError('not_found');
  return request.params.id;
}

function reasonOf(request: { body?: { motivo?: string | undefined } | undefined }): string {
  const reason = request.body?.motivo?.trim();
  if (!reason) throw new AppError('reason_required');
  return reason;
}

const DECIDED: Record<DisputeDecision, string> = {
  reverse: 'estornada',
  refund: 'reembolsada',
  release: 'liberada',
  reject: 'rejeitada',
};

function auditOf(operator: OperatorSession, before: ReportRow, decision: DisputeDecision, reason: string) {
  return (
    trx: Transaction<DB>,
    after: { retido_centis: number; estorno_id: string | null; reembolso_centis: number | null },
  ) =>
    recordAudit(trx, {
      operator,
      action: `report.${decision}`,
      target: { type: 'reclamacao', id: before.id },
      userId: before.pagador.id,
      before: { status: before.status, retido_centis: before.retido_centis },
      after: {
        status: DECIDED[decision],
        liberado_centis: after.retido_centis,
        ...(after.estorno_id ? { estorno_id: after.estorno_id } : {}),
        ...(after.reembolso_centis ? { reembolso_centis: after.reembolso_centis } : {}),
        // A complaint about a cash-out or cash-in is refunded from this agent's float.
        ...(before.agente && after.estorno_id ? { float_do_agente: before.agente.numero } : {}),
      },
      reason,
    });
}

const DECISION_DOCS: Record<
  DisputeDecision,
  { operationId: string; summary: string; description?: string; errors: ErrorCode[] }
> = {
  reverse: {
    operationId: 'adminReverseReport',
    summary: 'Reverses the disputed payment: the whole amount goes back to the payer',
    // 422 insufficient_balance when nothing was held and the payee spent it.
    errors: ['forbidden', 'not_found', 'report_not_open', 'dispute_decision_not_applicable'],
  },
  refund: {
    operationId: 'adminRefundReport',
    summary: 'Refunds the payer: a part of a posted payment (quantidade_centis), or the whole of a held one',
    description:
      'A complaint about a cash-out or cash-in is refunded from the agent’s float: quantidade_centis ' +
      'defaults to what the customer paid (a cash-out’s fee included) and may not pass it; a float ' +
      'without that much free is agent_float_insufficient (422) and nothing changes.',
    errors: [
      'forbidden',
      'not_found',
      'report_not_open',
      'dispute_decision_not_applicable',
      'agent_float_insufficient',
    ],
  },
  release: {
    operationId: 'adminReleaseReport',
    summary: 'Releases a held payment to its payee',
    // 422 balance_limit_reached when the payee cannot take it; 403 account_frozen for a frozen payer.
    errors: [
      'forbidden',
      'not_found',
      'report_not_open',
      'dispute_decision_not_applicable',
      'account_frozen',
    ],
  },
  reject: {
    operationId: 'adminRejectReport',
    summary: 'Rejects the dispute: the payment stands, and what was held on the payee’s side is theirs again',
    errors: ['forbidden', 'not_found', 'report_not_open'],
  },
};

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const guard = operatorOnly(app, REPORT_ROLES);

  app.get(
    '/reports',
    {
      ...guard,
      schema: {
        operationId: 'adminListReports',
        summary:
          'A page of reports: the open ones by deadline, or any status, newest first; and how many there are',
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden'],
        querystring: listQuery,
        response: { 200: adminReportListSchema },
      },
    },
    async (request) => {
      const { status, cursor, limit } = request.query;
      const { rows, total, nextCursor } = await disputes.list(db, {
        ...(status ? { status } : {}),
        cursor: decodePageCursor(cursor),
        limit,
      });
      return { reclamacoes: rows, total, next_cursor: nextCursor };
    },
  );

  app.get(
    '/reports/:id',
    {
      ...guard,
      schema: {
        operationId: 'adminGetReport',
        summary: 'A "wrong person" report with the transfer and its two people',
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden', 'not_found'],
        params,
        response: { 200: adminReportEnvelopeSchema },
      },
    },
    async (request) => {
      const report = await disputes.find(db, reportIdOf(request));
      if (!report) throw new AppError('not_found');
      return { reclamacao: report };
    },
  );

  for (const decision of DISPUTE_DECISIONS) {
    const docs = DECISION_DOCS[decision];
    app.post(
      `/reports/:id/${decision}`,
      {
        ...guard,
        schema: {
          ...docs,
          description: `The reason (motivo) is required (422 reason_required).${docs.description ? ` ${docs.description}` : ''}`,
          tags,
          security: OPERATOR_SESSION,
          params,
          body: (decision === 'refund' ? refundBody : decisionBody).optional(),
          response: { 200: adminReportEnvelopeSchema },
        },
      },
      async (request) => {
        const operator = operatorOf(request);
        const id = reportIdOf(request);
        const reason = reasonOf(request);
        const before = await disputes.find(db, id);
        if (!before) throw new AppError('not_found');
        const refundCentis = (request.body as { quantidade_centis?: number } | undefined)?.quantidade_centis;
        okOrThrow(
          await disputes.decide(
            app.deps,
            { reportId: id, operator, reason, decision, ...(refundCentis ? { refundCentis } : {}) },
            auditOf(operator, before, decision, reason),
          ),
        );
        const after = await disputes.find(db, id);
        if (!after) throw new Error(`report ${id} vanished`);
        return { reclamacao: after };
      },
    );
  }
};
