import {
  AppError,
  disputeRequestSchema,
  historyQuerySchema,
  openedTransferReportSchema,
  statementPageSchema,
  transactionDetailSchema,
  walletSchema,
} from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import {
  decodeCursor,
  disputes,
  findBalance,
  findStatementEntry,
  okOrThrow,
  presentReport,
  readStatementPage,
  statementPageJson,
  transactionOf,
} from '../../ledger/ledger.ts';
import { compiledSerializerCompiler, jsonTextSender } from '../../lib/compiled-serializer.ts';
import { isUuid } from '../../lib/ids.ts';
import { BEARER } from '../../lib/openapi.ts';
import { revalidatePrivately } from '../../lib/private-revalidation.ts';
import { idParams } from '../../lib/route-schemas.ts';

const tags = ['wallet'];
// A revalidation (If-None-Match) of what the caller holds already: a bodiless 304.
const notModified = z.null().meta({ description: 'Not modified: the copy the caller holds is current' });

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const { reads } = app.deps;
  const onRequest = authenticate(app);
  // The balance is read on every screen: written by a compiled serializer.
  const serializerCompiler = compiledSerializerCompiler(app.deps.config);
  // The statement page, also read on every screen, comes written by the ledger: sent as it is.
  const sendStatementPage = jsonTextSender(statementPageSchema, app.deps.config);

  // The balance stays on the primary: one row, the figure a user spends against, and the one the
  // event stream sends, which must never go backwards. The history may come from a standby.
  app.get(
    '/api/wallet',
    {
      onRequest,
      serializerCompiler,
      onSend: revalidatePrivately,
      schema: {
        operationId: 'getWallet',
        summary: 'The balance: total, held and available',
        tags,
        security: BEARER,
        response: { 200: walletSchema, 304: notModified },
      },
    },
    async (request) => {
      const balance = await findBalance(db, userIdOf(request));
      return balance ?? { saldo_centis: 0, reservado_centis: 0, disponivel_centis: 0 };
    },
  );

  app.get(
    '/api/wallet/transactions',
    {
      onRequest,
      onSend: revalidatePrivately,
      schema: {
        operationId: 'listTransactions',
        summary: "A page of the caller's movements, newest first",
        tags,
        security: BEARER,
        querystring: historyQuerySchema,
        response: { 200: statementPageSchema, 304: notModified },
      },
    },
    async (request, reply) => {
      const userId = userIdOf(request);
      const { type, limit, cursor } = request.query;
      const page = await reads.read(request, (from) =>
        readStatementPage(from, { userId, filter: type, limit, cursor: decodeCursor(cursor) }),
      );
      return sendStatementPage(reply, statementPageJson(page));
    },
  );

  app.get(
    '/api/wallet/transactions/:id',
    {
      onRequest,
      onSend: revalidatePrivately,
      schema: {
        operationId: 'getTransaction',
        summary: 'One movement of the caller, with its "wrong person" report',
        tags,
        security: BEARER,
        errors: ['transaction_not_found'],
        params: z.object({ id: z.string() }),
        response: { 200: transactionDetailSchema, 304: notModified },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const { id } = request.params;
      // The movement and its report state from one server and snapshot. Whether a report may be
      // opened is only shown here; opening one decides again on the primary.
      const found = isUuid(id)
        ? await reads.read(request, async (from) => {
            const entry = await findStatementEntry(from, { userId, id });
            return (
              entry && {
                row: entry,
                ...(await disputes.stateFor(from, { movementId: id, viewerId: userId })),
              }
            );
          })
        : undefined;
      // Not a party is the same answer as not existing: ids reveal nothing.
      if (!found) throw new AppError('transaction_not_found');
      const { row, report, canReport, cashKinds } = found;
      return {
        ...transactionOf(row.apresentada),
        ...(row.taxa_centis ? { taxa_centis: row.taxa_centis } : {}),
        reclamacao: report ? presentReport(report, userId) : null,
        pode_reclamar: canReport,
        ...(cashKinds ? { motivos_reclamacao: cashKinds } : {}),
      };
    },
  );

  // The payer disputes one of their movements: what was paid for never came, a payment they do not
  // recognise, another reason. A posted one is held on the payee's side if it can be (within the
  // ledger's window), a held one waits for the decision; both people are told on WhatsApp. No
  // Idempotency-Key: a second dispute of the same movement is report_already_exists.
  app.post(
    '/api/wallet/transactions/:id/dispute',
    {
      onRequest,
      schema: {
        operationId: 'disputeTransaction',
        summary: 'The payer disputes one of their movements (other than a wrong person paid)',
        tags,
        security: BEARER,
        // Besides these: transaction_not_reportable, report_window_closed, report_limit_reached (422).
        errors: ['transaction_not_found', 'report_already_exists'],
        params: idParams,
        body: disputeRequestSchema,
        response: { 201: openedTransferReportSchema },
      },
    },
    async (request, reply) => {
      const { reclamacao } = okOrThrow(
        await disputes.openForPayer(app.deps, {
          movementId: request.params.id,
          payerId: userIdOf(request),
          kind: request.body.tipo,
          description: request.body.descricao ?? null,
        }),
      );
      return reply.status(201).send({ reclamacao });
    },
  );
};
