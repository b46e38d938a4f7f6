import { freezeStateSchema } from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import { freezeAccount } from '../../identity/freeze.ts';
import { BEARER } from '../../lib/openapi.ts';

// "I lost my phone": the account's owner freezes it at once, from settings. It is the operators'
// freeze with no operator (the audit row's operator is null), so it lives with theirs; only
// support unfreezes it. Registered by app.ts outside /api/admin: an app user calls it.
export const selfFreezeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  app.post(
    '/api/me/freeze',
    {
      onRequest: authenticate(app),
      schema: {
        operationId: 'freezeMyAccount',
        summary: 'Freeze the account at once ("I lost my phone"); only support unfreezes it',
        description: 'Freezing a frozen account answers its state again.',
        tags: ['profile'],
        security: BEARER,
        errors: ['user_not_found'],
        response: { 200: freezeStateSchema },
      },
    },
    async (request) =>
      freezeAccount(database.db, { userId: userIdOf(request), actor: { owner: true }, reason: null }),
  );
};
