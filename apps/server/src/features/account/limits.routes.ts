import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import { limitStatus } from '../../ledger/ledger.ts';
import { revalidatePrivately } from '../../lib/private-revalidation.ts';
import { latestDocumentReview } from './document-reviews.repository.ts';

const levelLimitsSchema = z.object({
  por_transferencia_centis: z.number(),
  diario_centis: z.number(),
  mensal_centis: z.number(),
  saldo_max_centis: z.number(),
});

export const limitStatusSchema = z.object({
  nivel: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  limites: levelLimitsSchema,
  usado_hoje_centis: z.number(),
  usado_mes_centis: z.number(),
  saldo_centis: z.number(),
  congelado: z.boolean(),
  // The next level's limits, for "how to move up"; null at the top.
  proximo: levelLimitsSchema.nullable(),
  // The newest document review's state (null: none sent), so "how to move up" does not ask for a
  // document that is waiting for compliance, and says when one was refused.
  revisao_documento: z.enum(['pendente', 'aprovada', 'rejeitada']).nullable(),
});

// The "Limit" screen: the user's verification level, its limits and what is used of them, as the
// ledger counts them at the next hold.
export const limitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  app.get(
    '/api/me/limits',
    {
      onRequest: authenticate(app),
      onSend: revalidatePrivately,
      schema: { tags: ['profile'], response: { 200: limitStatusSchema } },
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
