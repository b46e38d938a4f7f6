import { limitStatusSchema } from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import { limitStatus } from '../../ledger/ledger.ts';
import { BEARER } from '../../lib/openapi.ts';
import { revalidatePrivately } from '../../lib/private-revalidation.ts';
import { latestDocumentReview } from './document-reviews.repository.ts';

// The "Limit" screen: the user's verification level, its limits and what is used of them, as the
// ledger counts them at the next hold.
export const limitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  app.get(
    '/api/me/limits',
    {
      onRequest: authenticate(app),
      onSend: revalidatePrivately,
      schema: {
        operationId: 'getLimits',
        summary: 'The verification level, its limits and what is used of them',
        tags: ['profile'],
        security: BEARER,
        // A revalidation (If-None-Match) of the copy the caller holds: a bodiless 304.
        response: { 200: limitStatusSchema, 304: z.null() },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const [status, review] = await Promise.all([
        limitStatus(database.db, userId, config.levelLimits),
        latestDocumentReview(database.db, userId),
      ]);
      return {
        ...status,
        proximo: status.nivel < 2 ? config.levelLimits[2] : null,
        revisao_documento: review?.status ?? null,
      };
    },
  );
};
