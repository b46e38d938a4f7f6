import { AppError, transferReportRequestSchema, transferReportSchema } from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import { okOrThrow, presentReport, reports } from '../../ledger/ledger.ts';
import { isUuid } from '../../lib/ids.ts';
import { idParams } from '../../lib/route-schemas.ts';

// "Mwen voye l bay move moun": the payer reports a posted transfer. The ledger holds
// the amount on the payee's side if it can, and both people are told on WhatsApp. No
// Idempotency-Key: a second report of the same movement is report_already_exists.
export const transferReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  app.post(
    '/api/transfers/:id/report',
    {
      onRequest: authenticate(app),
      schema: {
        tags: ['transfers'],
        params: idParams,
        body: transferReportRequestSchema.optional(),
        response: { 201: z.object({ reclamacao: transferReportSchema }) },
      },
    },
    async (request, reply) => {
      const payerId = userIdOf(request);
      const movementId = request.params.id;
      if (!isUuid(movementId)) throw new AppError('transaction_not_found');
      const opened = okOrThrow(
        await reports.open(app.deps, {
          movementId,
          payerId,
          description: request.body?.descricao || null,
          decisionHours: app.deps.config.reportDecisionHours,
        }),
      );
      const report = await reports.find(db, opened.reclamacao_id);
      if (!report) throw new Error(`report ${opened.reclamacao_id} vanished`);
      return reply.status(201).send({ reclamacao: presentReport(report, payerId) });
    },
  );
};
