import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import { freezeAccount, freezeStateSchema } from '../../identity/freeze.ts';

// "I lost my phone": the account's owner freezes it at once, from settings. It is the operators'
// freeze with no operator (the audit row's operator is null), so it lives with theirs; only
// support unfreezes it. Registered by app.ts outside /api/admin: an app user calls it.
export const selfFreezeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  app.post(
    '/api/me/freeze',
    { onRequest: authenticate(app), schema: { tags: ['profile'], response: { 200: freezeStateSchema } } },
    async (request) =>
      freezeAccount(database.db, { userId: userIdOf(request), actor: { owner: true }, reason: null }),
  );
};
