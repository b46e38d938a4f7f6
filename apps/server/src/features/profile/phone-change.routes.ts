import {
  currentPhoneChangeSchema,
  meSchema,
  phoneChangeSchema,
  phoneChangeStateSchema,
  verifyCodeSchema,
} from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import { presentMe } from '../../identity/user-presenter.ts';
import { BEARER } from '../../lib/openapi.ts';
import { limitBy } from '../../lib/rate-limit-rules.ts';
import {
  cancelPhoneChange,
  findPhoneChangeState,
  startPhoneChange,
  verifyCurrentPhone,
  verifyNewPhone,
} from './phone-change.service.ts';

const tags = ['profile'];
const security = BEARER;
// Codes go only to the phones, never into an answer.

export const phoneChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const onRequest = authenticate(app);

  app.get(
    '/api/me/phone-change',
    {
      onRequest,
      schema: {
        operationId: 'getPhoneChange',
        summary: 'The phone change in progress, so a reload resumes it (null: none)',
        tags,
        security,
        response: { 200: currentPhoneChangeSchema },
      },
    },
    async (request) => ({ change: (await findPhoneChangeState(db, userIdOf(request))) ?? null }),
  );

  app.post(
    '/api/me/phone-change',
    {
      onRequest,
      schema: {
        operationId: 'startPhoneChange',
        summary: 'Start changing the phone: a WhatsApp code goes to the current number',
        description:
          'A change already open is replaced. 409 phone_already_exists (details.nome: the holder) ' +
          'when another account uses the new number; 403 account_frozen while the account is frozen.',
        tags,
        security,
        errors: ['account_frozen', 'phone_already_exists', 'rate_limited', 'user_not_found'],
        body: phoneChangeSchema,
        response: { 202: phoneChangeStateSchema },
      },
    },
    async (request, reply) => {
      const userId = userIdOf(request);
      // Counted before anything is looked up: each start sends a code and may name a holder.
      await limitBy(app, request, 'phone', [`user:${userId}`]);
      return reply.status(202).send(await startPhoneChange(app.deps, { userId, body: request.body }));
    },
  );

  app.post(
    '/api/me/phone-change/verify-current',
    {
      onRequest,
      schema: {
        operationId: 'verifyCurrentPhone',
        summary: "The current number's code: a code then goes to the new number",
        tags,
        security,
        errors: ['account_frozen', 'phone_change_not_pending', 'phone_already_exists'],
        body: verifyCodeSchema,
        response: { 202: phoneChangeStateSchema },
      },
    },
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
    {
      onRequest,
      schema: {
        operationId: 'verifyNewPhone',
        summary: "The new number's code: the account's phone becomes the new number",
        tags,
        security,
        errors: ['account_frozen', 'phone_change_not_pending', 'phone_already_exists'],
        body: verifyCodeSchema,
        response: { 200: meSchema },
      },
    },
    async (request) =>
      presentMe(await verifyNewPhone(app.deps, { userId: userIdOf(request), code: request.body.codigo })),
  );

  app.delete(
    '/api/me/phone-change',
    {
      onRequest,
      schema: {
        operationId: 'cancelPhoneChange',
        summary: 'Cancel the phone change in progress (none: nothing happens)',
        tags,
        security,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await cancelPhoneChange(db, userIdOf(request));
      return reply.status(204).send(null);
    },
  );
};
