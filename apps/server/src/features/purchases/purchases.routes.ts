import {
  AppError,
  okSchema,
  pendingPurchaseListSchema,
  purchaseCreateSchema,
  purchaseSchema,
  purchaseVerificationSchema,
  resentCodeSchema,
  startedPurchaseSchema,
  verifyCodeSchema,
} from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import { isUuid } from '../../lib/ids.ts';
import { BEARER } from '../../lib/openapi.ts';
import { idempotencyHeaders, idParams } from '../../lib/route-schemas.ts';
import { cancelPurchase, confirmPurchase, resendPurchaseCode, startPurchase } from './purchases.service.ts';
import { findPurchaseOfBuyer, listPendingPurchasesOfBuyer, type PurchaseRecord } from './sales.presenter.ts';

const tags = ['purchases'];

export const purchasesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const onRequest = authenticate(app);
  const saleIdOf = (id: string) => {
    if (!isUuid(id)) throw new AppError('sale_not_found');
    return id;
  };
  const getPurchase = async (buyerId: string, saleId: string): Promise<PurchaseRecord> => {
    const purchase = await findPurchaseOfBuyer(db, { saleId, buyerId });
    if (!purchase) throw new AppError('sale_not_found');
    return purchase;
  };

  app.post(
    '/api/purchases',
    {
      onRequest,
      schema: {
        operationId: 'startPurchase',
        summary: 'Prices the sale, holds the money and the stock, and sends the code to the buyer',
        description:
          'Idempotent by its Idempotency-Key: the same key with the same request answers the sale ' +
          'it started, as it is now (201 again, with the header idempotent-replayed: true), never a second one. ' +
          'With the unit price the buyer saw (preco_unitario_centis), another current price is 409 ' +
          'price_changed (details.preco_unitario_centis: the new one), and nothing is held.',
        tags,
        security: BEARER,
        errors: PURCHASE_START_REFUSALS,
        headers: idempotencyHeaders,
        body: purchaseCreateSchema,
        response: { 201: startedPurchaseSchema },
      },
    },
    async (request, reply) => {
      const buyerId = userIdOf(request);
      // Product ids are UUIDs: anything else names no product (and must not reach a uuid cast).
      if (!isUuid(request.body.produto_id)) throw new AppError('product_not_found');
      const { replayed, ...started } = await startPurchase(app.deps, {
        buyerId,
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'],
      });
      if (!replayed) return reply.status(201).send({ ...started, status: 'PENDENTE' as const });
      // A replay answers what the sale is now, not the PENDENTE of the first answer.
      reply.header('idempotent-replayed', 'true');
      const now = await findPurchaseOfBuyer(db, { saleId: started.venda_id, buyerId });
      return reply.status(201).send({ ...started, status: now?.status ?? 'PENDENTE' });
    },
  );

  // The buyer's purchases waiting for their code: the purchase page and a pending movement's
  // detail offer to resume or cancel them.
  app.get(
    '/api/purchases/pending',
    {
      onRequest,
      schema: {
        operationId: 'listPendingPurchases',
        summary: "The caller's purchases waiting for their code, newest first",
        tags,
        security: BEARER,
        response: { 200: pendingPurchaseListSchema },
      },
    },
    async (request) => ({ items: await listPendingPurchasesOfBuyer(db, userIdOf(request)) }),
  );

  app.post(
    '/api/purchases/:id/resend-code',
    {
      onRequest,
      schema: {
        operationId: 'resendPurchaseCode',
        summary: "A new code for a pending purchase to the buyer's WhatsApp",
        tags,
        security: BEARER,
        errors: ['sale_not_found', 'transaction_not_pending', 'rate_limited'],
        params: idParams,
        response: { 202: resentCodeSchema },
      },
    },
    async (request, reply) => {
      const answer = await resendPurchaseCode(app.deps, {
        buyerId: userIdOf(request),
        saleId: saleIdOf(request.params.id),
      });
      return reply.status(202).send(answer);
    },
  );

  app.get(
    '/api/purchases/:id',
    {
      onRequest,
      schema: {
        operationId: 'getPurchase',
        summary: 'One of the caller’s purchases',
        tags,
        security: BEARER,
        errors: ['sale_not_found'],
        params: idParams,
        response: { 200: purchaseSchema },
      },
    },
    async (request) => getPurchase(userIdOf(request), saleIdOf(request.params.id)),
  );

  app.post(
    '/api/purchases/:id/verify',
    {
      onRequest,
      schema: {
        operationId: 'verifyPurchase',
        summary: 'The code confirms the purchase: the money goes to the seller',
        description: 'A wrong, expired or exhausted code is an answer (200, success false), not an error.',
        tags,
        security: BEARER,
        errors: ['account_frozen', 'sale_not_found', 'transaction_not_pending'],
        params: idParams,
        body: verifyCodeSchema,
        response: { 200: purchaseVerificationSchema },
      },
    },
    async (request) => {
      const buyerId = userIdOf(request);
      const saleId = saleIdOf(request.params.id);
      const outcome = await confirmPurchase(app.deps, { buyerId, saleId, code: request.body.codigo });
      if (!outcome.confirmed) {
        const { error, tentativas_restantes } = outcome.refusal;
        return {
          success: false as const,
          error,
          ...(typeof tentativas_restantes === 'number' ? { tentativas_restantes } : {}),
        };
      }
      return { success: true as const, venda: await getPurchase(buyerId, saleId) };
    },
  );

  app.post(
    '/api/purchases/:id/cancel',
    {
      onRequest,
      schema: {
        operationId: 'cancelPurchase',
        summary: 'The buyer backs out of a pending purchase: its money and stock are free again',
        tags,
        security: BEARER,
        errors: ['sale_not_found', 'transaction_not_pending'],
        params: idParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await cancelPurchase(app.deps, { buyerId: userIdOf(request), saleId: saleIdOf(request.params.id) });
      return { ok: true as const };
    },
  );
};

// What starting a purchase may refuse besides its fields (422): who may buy, and what.
const PURCHASE_START_REFUSALS = [
  'phone_not_verified',
  'account_frozen',
  'own_company_purchase',
  'product_not_found',
  'price_changed',
  'request_in_progress',
  'rate_limited',
] as const;
