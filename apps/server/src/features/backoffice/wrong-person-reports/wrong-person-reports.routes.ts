import {
  AppError,
  adminReportEnvelopeSchema,
  adminReportListSchema,
  REPORT_STATUSES,
} from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { recordAudit } from '../../../audit/audit.ts';
import type { DB } from '../../../db/schema.ts';
import { okOrThrow, type ReportRow, reports } from '../../../ledger/ledger.ts';
import { isUuid } from '../../../lib/ids.ts';
import { OPERATOR_SESSION } from '../../../lib/openapi.ts';
import { operatorOf, operatorOnly } from '../operators/operator-auth.ts';
import type { OperatorSession } from '../operators/operators.repository.ts';

// "Wrong person" reports: support and admin see the queue and reverse or reject a
// report with a reason. Each decision and its audit row are one transaction: the ledger's facade
// runs the decision inside a transaction and writes the audit row in it (reports.ts `decide`), so
// neither can exist without the other.
const REPORT_ROLES = ['support', 'admin'] as const;
const tags = ['backoffice'];

const listQuery = z.object({ status: z.enum(REPORT_STATUSES).optional() });
const params = z.object({ id: z.string() });
const decisionBody = z.object({ motivo: z.string().trim().max(500).optional() });

const LIST_LIMIT = 200;

function reportIdOf(request: { params: { id: string } }): string {
  if (!isUuid(request.params.id)) throw new AppError('not_found');
  return request.params.id;
}

function reasonOf(request: { body?: { motivo?: string | undefined } | undefined }): string {
  const reason = request.body?.motivo?.trim();
  if (!reason) throw new AppError('reason_required');
  return reason;
}

function auditOf(
  operator: OperatorSession,
  before: ReportRow,
  action: 'report.reverse' | 'report.reject',
  reason: string,
) {
  return (trx: Transaction<DB>, after: { retido_centis: number; estorno_id?: string }) =>
    recordAudit(trx, {
      operator,
      action,
      target: { type: 'reclamacao', id: before.id },
      userId: before.pagador.id,
      before: { status: before.status, retido_centis: before.retido_centis },
      after: {
        status: action === 'report.reverse' ? 'estornada' : 'rejeitada',
        liberado_centis: after.retido_centis,
        ...(after.estorno_id ? { estorno_id: after.estorno_id } : {}),
      },
      reason,
    });
}

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const guard = operatorOnly(app, REPORT_ROLES);

  app.get(
    '/reports',
    {
      ...guard,
      schema: {
        operationId: 'adminListReports',
        summary: 'Reports: the open ones by deadline, or any status, newest first',
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden'],
        querystring: listQuery,
        response: { 200: adminReportListSchema },
      },
    },
    async (request) => ({
      reclamacoes: await reports.list(db, {
        ...(request.query.status ? { status: request.query.status } : {}),
        limit: LIST_LIMIT,
      }),
    }),
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
      const report = await reports.find(db, reportIdOf(request));
      if (!report) throw new AppError('not_found');
      return { reclamacao: report };
    },
  );

  for (const action of ['reverse', 'reject'] as const) {
    app.post(
      `/reports/:id/${action}`,
      {
        ...guard,
        schema: {
          operationId: action === 'reverse' ? 'adminReverseReport' : 'adminRejectReport',
          summary:
            action === 'reverse'
              ? 'Reverses the reported transfer: the money goes back to the payer'
              : 'Rejects the report: what was held on the payee’s side is theirs again',
          description: 'The reason (motivo) is required (422 reason_required).',
          tags,
          security: OPERATOR_SESSION,
          // Reversing: 422 insufficient_balance when nothing was held and the payee spent it.
          errors: ['forbidden', 'not_found', 'report_not_open'],
          params,
          body: decisionBody.optional(),
          response: { 200: adminReportEnvelopeSchema },
        },
      },
      async (request) => {
        const operator = operatorOf(request);
        const id = reportIdOf(request);
        const reason = reasonOf(request);
        const before = await reports.find(db, id);
        if (!before) throw new AppError('not_found');
        const record = auditOf(operator, before, `report.${action}`, reason);
        const decision = { reportId: id, operator, reason };
        okOrThrow(
          action === 'reverse'
            ? await reports.reverse(app.deps, decision, record)
            : await reports.reject(app.deps, decision, record),
        );
        const after = await reports.find(db, id);
        if (!after) throw new Error(`report ${id} vanished`);
        return { reclamacao: after };
      },
    );
  }
};
