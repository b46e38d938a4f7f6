import {
  AppError,
  transactionSchema,
  transactionStatusSchema,
  transferInitiateSchema,
  userLookupQuerySchema,
  verifyCodeSchema,
} from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import { profilePhotoUrl } from '../../identity/user-presenter.ts';
import { findUserById } from '../../identity/users.repository.ts';
import { findPayee, findStatementEntry, presentTransaction } from '../../ledger/ledger.ts';
import { isUuid } from '../../lib/ids.ts';
import { revalidatePrivately } from '../../lib/private-revalidation.ts';
import { limitBy } from '../../lib/rate-limit-rules.ts';
import { idempotencyHeaders, idParams } from '../../lib/route-schemas.ts';
import { countPayeeLookup, listRecentPayees, recentPayeeSchema } from './payees.ts';
import {
  cancelTransfer,
  initiateTransfer,
  listPendingTransfers,
  pendingTransferSchema,
  resendTransferCode,
  verifyTransfer,
} from './transfers.service.ts';
import { transferReportRoutes } from './wrong-person-report.routes.ts';

const tags = ['transfers'];

export const transfersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const onRequest = authenticate(app);
  const movementIdOf = (id: string) => {
    if (!isUuid(id)) throw new AppError('transaction_not_found');
    return id;
  };

  app.get(
    '/api/users/lookup',
    {
      onRequest,
      schema: {
        tags,
        querystring: userLookupQuerySchema,
        response: {
          // The identity asked about, as the caller typed it: the e-mail for ?email=, the phone
          // (E.164) for ?telefone=; never the other one, which the caller may not know.
          200: z.object({
            id: z.string(),
            nome_completo: z.string(),
            email: z.string().nullable(),
            telefone: z.string().nullable(),
            profile_photo_url: z.string().nullable(),
          }),
        },
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
      schema: { tags, response: { 200: z.object({ items: z.array(recentPayeeSchema) }) } },
    },
    async (request) => ({ items: await listRecentPayees(db, userIdOf(request)) }),
  );

  app.post(
    '/api/transfers',
    {
      onRequest,
      schema: {
        tags,
        headers: idempotencyHeaders,
        body: transferInitiateSchema,
        response: {
          201: z.object({
            movimentacao_id: z.string(),
            // pendente, unless a replayed key's transfer has since been posted or cancelled.
            status: transactionStatusSchema,
            expira_em: z.string(),
          }),
        },
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
        .send({ ...transfer, status: row ? presentTransaction(row, payerId).status : transfer.status });
    },
  );

  // The payer's transfers waiting for their code: /transfer offers to resume or cancel them.
  app.get(
    '/api/transfers/pending',
    {
      onRequest,
      onSend: revalidatePrivately,
      schema: { tags, response: { 200: z.object({ items: z.array(pendingTransferSchema) }) } },
    },
    async (request) => ({ items: await listPendingTransfers(app.deps, userIdOf(request)) }),
  );

  app.post(
    '/api/transfers/:id/verify',
    {
      onRequest,
      schema: {
        tags,
        params: idParams,
        body: verifyCodeSchema,
        response: { 200: z.object({ transaction: transactionSchema }) },
      },
    },
    async (request) => {
      const payerId = userIdOf(request);
      const movementId = movementIdOf(request.params.id);
      await verifyTransfer(app.deps, { payerId, movementId, code: request.body.codigo });
      const row = await findStatementEntry(db, { userId: payerId, id: movementId });
      if (!row) throw new AppError('transaction_not_found');
      return { transaction: presentTransaction(row, payerId) };
    },
  );

  app.post(
    '/api/transfers/:id/resend-code',
    {
      onRequest,
      schema: { tags, params: idParams, response: { 202: z.object({ tentativas_restantes: z.number() }) } },
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
    { onRequest, schema: { tags, params: idParams, response: { 200: z.object({ ok: z.literal(true) }) } } },
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
