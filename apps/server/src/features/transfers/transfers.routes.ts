import {
  AppError,
  okSchema,
  payeeSchema,
  pendingTransferListSchema,
  recentPayeeListSchema,
  resentCodeSchema,
  startedTransferSchema,
  transferInitiateSchema,
  userLookupQuerySchema,
  verifiedTransferSchema,
  verifyCodeSchema,
} from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import { profilePhotoUrl } from '../../identity/user-presenter.ts';
import { findUserById } from '../../identity/users.repository.ts';
import { findPayee, findStatementEntry, transactionJson, transactionOf } from '../../ledger/ledger.ts';
import { compiledSerializerCompiler, jsonTextSender } from '../../lib/compiled-serializer.ts';
import { isUuid } from '../../lib/ids.ts';
import { BEARER } from '../../lib/openapi.ts';
import { revalidatePrivately } from '../../lib/private-revalidation.ts';
import { limitBy } from '../../lib/rate-limit-rules.ts';
import { idempotencyHeaders, idParams } from '../../lib/route-schemas.ts';
import { countPayeeLookup, listRecentPayees } from './payees.ts';
import {
  cancelTransfer,
  initiateTransfer,
  listPendingTransfers,
  resendTransferCode,
  verifyTransfer,
} from './transfers.service.ts';
import { transferReportRoutes } from './wrong-person-report.routes.ts';

const tags = ['transfers'];
// A revalidation (If-None-Match) of what the caller holds already: a bodiless 304.
const notModified = z.null().meta({ description: 'Not modified: the copy the caller holds is current' });

export const transfersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const onRequest = authenticate(app);
  // Starting a transfer is among the busiest writes: written by a compiled serializer.
  const serializerCompiler = compiledSerializerCompiler(app.deps.config);
  // A completed transfer answers its movement as the ledger wrote it: sent as it is.
  const sendVerified = jsonTextSender(verifiedTransferSchema, app.deps.config);
  const movementIdOf = (id: string) => {
    if (!isUuid(id)) throw new AppError('transaction_not_found');
    return id;
  };

  app.get(
    '/api/users/lookup',
    {
      onRequest,
      schema: {
        operationId: 'lookupPayee',
        summary: 'The person with this exact e-mail or phone, if they can be paid',
        tags,
        security: BEARER,
        errors: ['user_not_found', 'rate_limited', 'lookup_limit_reached'],
        querystring: userLookupQuerySchema,
        response: { 200: payeeSchema },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      await limitBy(app, request, 'lookup', [`user:${userId}`]);
      const { email, telefone } = request.query;
      // One's own address or number is no payee, and costs none of the day's lookups.
      const me = await findUserById(db, userId);
      if (me && (me.email === email || me.telefone === telefone)) throw new AppError('self_transfer');
      // Each distinct identity counts, found or not: nobody can walk the phone book.
      await countPayeeLookup(db, userId, email !== undefined ? `email:${email}` : `tel:${telefone}`);
      // Exact identity only: the lookup can confirm what the caller already knows, never list.
      const user = await findPayee(db, email !== undefined ? { email } : { phone: telefone ?? '' });
      // Only an account that can receive, whichever identity names it: the ledger's own rule.
      if (!user?.canReceive) throw new AppError('user_not_found');
      return {
        id: user.id,
        nome_completo: user.nome_completo,
        email: email !== undefined ? user.email : null,
        telefone: email === undefined ? user.telefone : null,
        profile_photo_url: profilePhotoUrl(user.profile_photo_key),
      };
    },
  );

  // The people the caller last paid, so paying one again is one tap.
  app.get(
    '/api/transfers/recent-payees',
    {
      onRequest,
      onSend: revalidatePrivately,
      schema: {
        operationId: 'listRecentPayees',
        summary: 'The last distinct people the caller paid, most recent first',
        tags,
        security: BEARER,
        response: { 200: recentPayeeListSchema, 304: notModified },
      },
    },
    async (request) => ({ items: await listRecentPayees(db, userIdOf(request)) }),
  );

  app.post(
    '/api/transfers',
    {
      onRequest,
      serializerCompiler,
      schema: {
        operationId: 'startTransfer',
        summary: "Holds the amount and sends the code to the payer's WhatsApp",
        description:
          'Idempotent by its Idempotency-Key: the same key with the same request answers the transfer ' +
          'it started, as it is now (201 again, with the header idempotent-replayed: true), never a second one. ' +
          'tarifa_centis is the fee the payer saw (GET /api/fees/quote?operacao=transferencia; absent = 0): ' +
          'the fee is held with the amount and goes to the operator; another current fee is 409 fee_changed ' +
          '(details.tarifa_centis) and nothing is held; an amount above the fee table is 422 ' +
          'amount_above_fee_bands (details.limite_centis).',
        tags,
        security: BEARER,
        errors: TRANSFER_START_REFUSALS,
        headers: idempotencyHeaders,
        body: transferInitiateSchema,
        response: { 201: startedTransferSchema },
      },
    },
    async (request, reply) => {
      const payerId = userIdOf(request);
      const idempotencyKey = request.headers['idempotency-key'];
      const { replayed, ...transfer } = await initiateTransfer(app.deps, {
        payerId,
        body: request.body,
        idempotencyKey,
      });
      if (!replayed) return reply.status(201).send(transfer);
      // A replay answers what the transfer is now, not the `pendente` of the first answer.
      reply.header('idempotent-replayed', 'true');
      const row = await findStatementEntry(db, { userId: payerId, id: transfer.movimentacao_id });
      return reply
        .status(201)
        .send({ ...transfer, status: row ? transactionOf(row.apresentada).status : transfer.status });
    },
  );

  // The payer's transfers waiting for their code: /transfer offers to resume or cancel them.
  app.get(
    '/api/transfers/pending',
    {
      onRequest,
      onSend: revalidatePrivately,
      schema: {
        operationId: 'listPendingTransfers',
        summary: "The caller's transfers waiting for their code, newest first",
        tags,
        security: BEARER,
        response: { 200: pendingTransferListSchema, 304: notModified },
      },
    },
    async (request) => ({ items: await listPendingTransfers(app.deps, userIdOf(request)) }),
  );

  app.post(
    '/api/transfers/:id/verify',
    {
      onRequest,
      schema: {
        operationId: 'verifyTransfer',
        summary: 'The code completes the transfer: the money goes to the payee',
        tags,
        security: BEARER,
        errors: ['account_frozen', 'transaction_not_found', 'transaction_not_pending'],
        params: idParams,
        body: verifyCodeSchema,
        response: { 200: verifiedTransferSchema },
      },
    },
    async (request, reply) => {
      const payerId = userIdOf(request);
      const movementId = movementIdOf(request.params.id);
      const posted = await verifyTransfer(app.deps, { payerId, movementId, code: request.body.codigo });
      const row = posted ?? (await findStatementEntry(db, { userId: payerId, id: movementId }));
      if (!row) throw new AppError('transaction_not_found');
      return sendVerified(reply, `{"transaction":${transactionJson(row.apresentada)}}`);
    },
  );

  app.post(
    '/api/transfers/:id/resend-code',
    {
      onRequest,
      schema: {
        operationId: 'resendTransferCode',
        summary: "A new code for a pending transfer to the payer's WhatsApp",
        tags,
        security: BEARER,
        errors: ['transaction_not_found', 'transaction_not_pending', 'rate_limited'],
        params: idParams,
        response: { 202: resentCodeSchema },
      },
    },
    async (request, reply) => {
      const answer = await resendTransferCode(app.deps, {
        payerId: userIdOf(request),
        movementId: movementIdOf(request.params.id),
      });
      return reply.status(202).send(answer);
    },
  );

  app.post(
    '/api/transfers/:id/cancel',
    {
      onRequest,
      schema: {
        operationId: 'cancelTransfer',
        summary: 'The payer backs out of a pending transfer: the amount is free again',
        tags,
        security: BEARER,
        errors: ['transaction_not_found', 'transaction_not_pending'],
        params: idParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await cancelTransfer(app.deps, {
        payerId: userIdOf(request),
        movementId: movementIdOf(request.params.id),
      });
      return { ok: true as const };
    },
  );

  await app.register(transferReportRoutes);
};

// What starting a transfer may refuse besides its fields (422): who may send, and to whom; a fee
// that is not the one the payer saw; an amount the fee table does not take.
const TRANSFER_START_REFUSALS = [
  'phone_not_verified',
  'account_frozen',
  'user_not_found',
  'request_in_progress',
  'rate_limited',
  'fee_changed',
  'amount_above_fee_bands',
] as const;
