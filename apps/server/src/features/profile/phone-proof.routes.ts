import { meSchema, phoneProofSchema, phoneProofStateSchema, verifyCodeSchema } from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import { presentMe } from '../../identity/user-presenter.ts';
import { BEARER } from '../../lib/openapi.ts';
import { limitBy } from '../../lib/rate-limit-rules.ts';
import { findPhoneProofState, sendPhoneProof, verifyPhoneProof } from './phone-proof.service.ts';

const tags = ['profile'];
const security = BEARER;
// Codes go only to the phone, never into an answer.

// Proving the sign-up phone. GET tells a reloaded screen whether a code waits; POST
// sends one (again), first correcting the number when one is given; verify proves the phone.
export const phoneProofRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = authenticate(app);

  app.get(
    '/api/me/phone-proof',
    {
      onRequest,
      schema: {
        operationId: 'getPhoneProof',
        summary: 'Where the proof of the sign-up phone stands: proven, or the code that waits',
        tags,
        security,
        errors: ['user_not_found'],
        response: { 200: phoneProofStateSchema },
      },
    },
    async (request) => findPhoneProofState(app.deps.database.db, userIdOf(request)),
  );

  app.post(
    '/api/me/phone-proof',
    {
      onRequest,
      schema: {
        operationId: 'sendPhoneProof',
        summary: 'Send a WhatsApp code to the sign-up phone, first correcting the number if given',
        description:
          '409 phone_already_exists (details.nome: the holder) when another account uses the ' +
          'corrected number; 403 account_frozen when a frozen account gives another number.',
        tags,
        security,
        errors: [
          'account_frozen',
          'phone_already_exists',
          'phone_already_verified',
          'rate_limited',
          'user_not_found',
        ],
        body: phoneProofSchema,
        response: { 202: phoneProofStateSchema },
      },
    },
    async (request, reply) => {
      const userId = userIdOf(request);
      // Counted before anything is looked up: each call sends a code and may name a holder.
      await limitBy(app, request, 'phone', [`user:${userId}`]);
      return reply.status(202).send(await sendPhoneProof(app.deps, { userId, body: request.body }));
    },
  );

  app.post(
    '/api/me/phone-proof/verify',
    {
      onRequest,
      schema: {
        operationId: 'verifyPhoneProof',
        summary: 'The code sent to the sign-up phone proves it: the account may then pay',
        tags,
        security,
        errors: ['phone_proof_not_pending', 'phone_already_verified', 'user_not_found'],
        body: verifyCodeSchema,
        response: { 200: meSchema },
      },
    },
    async (request) =>
      presentMe(await verifyPhoneProof(app.deps, { userId: userIdOf(request), code: request.body.codigo })),
  );
};
