import { AppError, REPORT_STATUSES } from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { recordAudit } from '../../../audit/audit.ts';
import type { DB } from '../../../db/schema.ts';
import { okOrThrow, type ReportRow, reports } from '../../../ledger/ledger.ts';
import { isUuid } from '../../../lib/ids.ts';
import { operatorOf, operatorOnly } from '../operators/operator-auth.ts';
import type { OperatorSession } from '../operators/operators.repository.ts';

// "Wrong person" reports: support and admin see the queue and reverse or reject a
// report with a reason. Each decision and its audit row are one transaction: the ledger's facade
// runs the decision inside a transaction and writes the audit row in it (reports.ts `decide`), so
// neither can exist without the other.
const REPORT_ROLES = ['support', 'admin'] as const;
const tags = ['back office'];

const person = z.object({ id: z.uuid(), nome: z.string(), email: z.string(), telefone: z.string() });
const reportSchema = z.object({
  id: z.uuid(),
  movimentacao_id: z.uuid(),
  status: z.enum(REPORT_STATUSES),
  quantidade_centis: z.int(),
  retido_centis: z.int(),
  descricao: z.string().nullable(),
  decisao_motivo: z.string().nullable(),
  operador_nome: z.string().nullable(),
  estorno_id: z.uuid().nullable(),
  criado_em: z.date(),
  prazo_em: z.date(),
  decidido_em: z.date().nullable(),
  transferencia_em: z.date(),
  pagador: person,
  recebedor: person,
});
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
        tags,
        summary: 'Reports: the open ones by deadline, or any status, newest first',
        querystring: listQuery,
        response: { 200: z.object({ reclamacoes: z.array(reportSchema) }) },
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
    { ...guard, schema: { tags, params, response: { 200: z.object({ reclamacao: reportSchema }) } } },
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
          tags,
          params,
          body: decisionBody.optional(),
          response: { 200: z.object({ reclamacao: reportSchema }) },
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
