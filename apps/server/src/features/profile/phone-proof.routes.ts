import { phoneProofSchema, verifyCodeSchema } from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import { meSchema, presentMe } from '../../identity/user-presenter.ts';
import { limitBy } from '../../lib/rate-limit-rules.ts';
import { findPhoneProofState, sendPhoneProof, verifyPhoneProof } from './phone-proof.service.ts';

const tags = ['profile'];
// Codes go only to the phone, never into an answer.
const stateSchema = z.object({
  telefone: z.string(),
  telefone_verificado: z.boolean(),
  codigo: z.object({ expira_em: z.date(), tentativas_restantes: z.number() }).nullable(),
});

// Proving the sign-up phone. GET tells a reloaded screen whether a code waits; POST
// sends one (again), first correcting the number when one is given; verify proves the phone.
export const phoneProofRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = authenticate(app);

  app.get(
    '/api/me/phone-proof',
    { onRequest, schema: { tags, response: { 200: stateSchema } } },
    async (request) => findPhoneProofState(app.deps.database.db, userIdOf(request)),
  );

  app.post(
    '/api/me/phone-proof',
    { onRequest, schema: { tags, body: phoneProofSchema, response: { 202: stateSchema } } },
    async (request, reply) => {
      const userId = userIdOf(request);
      // Counted before anything is looked up: each call sends a code and may name a holder.
      await limitBy(app, request, 'phone', [`user:${userId}`]);
      return reply.status(202).send(await sendPhoneProof(app.deps, { userId, body: request.body }));
    },
  );

  app.post(
    '/api/me/phone-proof/verify',
    { onRequest, schema: { tags, body: verifyCodeSchema, response: { 200: meSchema } } },
    async (request) =>
      presentMe(await verifyPhoneProof(app.deps, { userId: userIdOf(request), code: request.body.codigo })),
  );
};
