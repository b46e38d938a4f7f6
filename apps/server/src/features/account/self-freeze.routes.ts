import { freezeStateSchema } from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, sessionIdOf, userIdOf } from '../../identity/authenticate.ts';
import { freezeOwnAccount } from '../../identity/freeze.ts';
import { BEARER } from '../../lib/openapi.ts';

// "I lost my phone": the account's owner freezes it at once, from settings. It is the operators'
// freeze with no operator (the audit row's operator is null), so it lives with theirs; only
// support unfreezes it. It also signs every other session of the account out: the lost phone's
// among them. Registered by app.ts outside /api/admin: an app user calls it.
export const selfFreezeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, events } = app.deps;
  app.post(
    '/api/me/freeze',
    {
      onRequest: authenticate(app),
      schema: {
        operationId: 'freezeMyAccount',
        summary: 'Freeze the account at once ("I lost my phone"); only support unfreezes it',
        description:
          'Every other session of the account ends (this one stays open). Freezing a frozen ' +
          'account answers its state again and ends the sessions opened since.',
        tags: ['profile'],
        security: BEARER,
        errors: ['user_not_found'],
        response: { 200: freezeStateSchema },
      },
    },
    async (request) => {
      const { state, endedSessions } = await freezeOwnAccount(database.db, {
        userId: userIdOf(request),
        sessionId: sessionIdOf(request),
      });
      // Their open event streams in this process end now; other processes', at their next check.
      for (const sessionId of endedSessions) events.hub.endSession(sessionId);
      return state;
    },
  );
};
