import { AppError, purchaseCreateSchema, saleStatusSchema, verifyCodeSchema } from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import { isUuid } from '../../lib/ids.ts';
import { idempotencyHeaders, idParams } from '../../lib/route-schemas.ts';
import { cancelPurchase, confirmPurchase, resendPurchaseCode, startPurchase } from './purchases.service.ts';
import {
  findPurchaseOfBuyer,
  listPendingPurchasesOfBuyer,
  type Purchase,
  purchaseSchema,
} from './sales.presenter.ts';

const tags = ['marketplace'];

export const purchasesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const onRequest = authenticate(app);
  const saleIdOf = (id: string) => {
    if (!isUuid(id)) throw new AppError('sale_not_found');
    return id;
  };
  const getPurchase = async (buyerId: string, saleId: string): Promise<Purchase> => {
    const purchase = await findPurchaseOfBuyer(db, { saleId, buyerId });
    if (!purchase) throw new AppError('sale_not_found');
    return purchase;
  };

  app.post(
    '/api/purchases',
    {
      onRequest,
      schema: {
        tags,
        headers: idempotencyHeaders,
        body: purchaseCreateSchema,
        response: {
          201: z.object({
            venda_id: z.string(),
            // PENDENTE, unless a replayed key's sale has since been confirmed or cancelled.
            status: saleStatusSchema,
            total_centis: z.number(),
            expira_em: z.string(),
          }),
        },
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
    { onRequest, schema: { tags, response: { 200: z.object({ items: z.array(purchaseSchema) }) } } },
    async (request) => ({ items: await listPendingPurchasesOfBuyer(db, userIdOf(request)) }),
  );

  app.post(
    '/api/purchases/:id/resend-code',
    {
      onRequest,
      schema: { tags, params: idParams, response: { 202: z.object({ tentativas_restantes: z.number() }) } },
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
    { onRequest, schema: { tags, params: idParams, response: { 200: purchaseSchema } } },
    async (request) => getPurchase(userIdOf(request), saleIdOf(request.params.id)),
  );

  app.post(
    '/api/purchases/:id/verify',
    {
      onRequest,
      schema: {
        tags,
        params: idParams,
        body: verifyCodeSchema,
        response: {
          200: z.union([
            z.object({ success: z.literal(true), venda: purchaseSchema }),
            z.object({
              success: z.literal(false),
              error: z.string(),
              tentativas_restantes: z.number().optional(),
            }),
          ]),
        },
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
          error: String(error),
          ...(typeof tentativas_restantes === 'number' ? { tentativas_restantes } : {}),
        };
      }
      return { success: true as const, venda: await getPurchase(buyerId, saleId) };
    },
  );

  app.post(
    '/api/purchases/:id/cancel',
    { onRequest, schema: { tags, params: idParams, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request) => {
      await cancelPurchase(app.deps, { buyerId: userIdOf(request), saleId: saleIdOf(request.params.id) });
      return { ok: true as const };
    },
  );
};
