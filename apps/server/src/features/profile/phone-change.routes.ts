import { phoneChangeSchema, verifyCodeSchema } from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import { meSchema, presentMe } from '../../identity/user-presenter.ts';
import { limitBy } from '../../lib/rate-limit-rules.ts';
import {
  cancelPhoneChange,
  findPhoneChangeState,
  startPhoneChange,
  verifyCurrentPhone,
  verifyNewPhone,
} from './phone-change.service.ts';

const tags = ['profile'];
// Codes go only to the phones, never into an answer.
const stateSchema = z.object({
  etapa: z.enum(['verify_current', 'verify_new']),
  novo_telefone: z.string(),
  expira_em: z.date(),
  tentativas_restantes: z.number(),
});

export const phoneChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const onRequest = authenticate(app);

  app.get(
    '/api/me/phone-change',
    {
      onRequest,
      schema: { tags, response: { 200: z.object({ change: stateSchema.nullable() }) } },
    },
    async (request) => ({ change: (await findPhoneChangeState(db, userIdOf(request))) ?? null }),
  );

  app.post(
    '/api/me/phone-change',
    { onRequest, schema: { tags, body: phoneChangeSchema, response: { 202: stateSchema } } },
    async (request, reply) => {
      const userId = userIdOf(request);
      // Counted before anything is looked up: each start sends a code and may name a holder.
      await limitBy(app, request, 'phone', [`user:${userId}`]);
      return reply.status(202).send(await startPhoneChange(app.deps, { userId, body: request.body }));
    },
  );

  app.post(
    '/api/me/phone-change/verify-current',
    { onRequest, schema: { tags, body: verifyCodeSchema, response: { 202: stateSchema } } },
    async (request, reply) => {
      const state = await verifyCurrentPhone(app.deps, {
        userId: userIdOf(request),
        code: request.body.codigo,
      });
      return reply.status(202).send(state);
    },
  );

  app.post(
    '/api/me/phone-change/verify-new',
    { onRequest, schema: { tags, body: verifyCodeSchema, response: { 200: meSchema } } },
    async (request) =>
      presentMe(await verifyNewPhone(app.deps, { userId: userIdOf(request), code: request.body.codigo })),
  );

  app.delete('/api/me/phone-change', { onRequest, schema: { tags } }, async (request, reply) => {
    await cancelPhoneChange(db, userIdOf(request));
    return reply.status(204).send();
  });
};
