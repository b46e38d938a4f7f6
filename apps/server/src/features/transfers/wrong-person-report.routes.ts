import { openedTransferReportSchema, transferReportRequestSchema } from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import { disputes, okOrThrow } from '../../ledger/ledger.ts';
import { BEARER } from '../../lib/openapi.ts';
import { idParams } from '../../lib/route-schemas.ts';

// "Mwen voye l bay move moun": the payer disputes a posted transfer as paid to the wrong person
// (one kind of the ledger's disputes). The ledger holds
// the amount on the payee's side if it can, and both people are told on WhatsApp. No
// Idempotency-Key: a second report of the same movement is report_already_exists.
export const transferReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/transfers/:id/report',
    {
      onRequest: authenticate(app),
      schema: {
        operationId: 'reportTransfer',
        summary: 'The payer reports that a posted transfer went to the wrong person',
        tags: ['transfers'],
        security: BEARER,
        // Besides these: transaction_not_reportable, report_window_closed, report_limit_reached (422).
        errors: ['transaction_not_found', 'report_already_exists'],
        params: idParams,
        body: transferReportRequestSchema.optional(),
        response: { 201: openedTransferReportSchema },
      },
    },
    async (request, reply) => {
      const { reclamacao } = okOrThrow(
        await disputes.openForPayer(app.deps, {
          movementId: request.params.id,
          payerId: userIdOf(request),
          kind: 'pessoa_errada',
          description: request.body?.descricao || null,
        }),
      );
      return reply.status(201).send({ reclamacao });
    },
  );
};
