import type { AppInstance } from '../../app.ts';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import { freezeAccount } from '../../identity/freeze.ts';
import { freezeStateSchema } from '../backoffice/users/freeze.routes.ts';

// "I lost my phone": the account's owner freezes it at once, from settings. It is the operators'
// freeze with no operator (the audit row's operator is null), so it lives with theirs; only
// support unfreezes it. Registered by app.ts outside /api/admin: an app user calls it.
export async function selfFreezeRoutes(app: AppInstance): Promise<void> {
  const { database } = app.deps;
  app.post(
    '/api/me/freeze',
    { onRequest: authenticate(app), schema: { tags: ['profile'], response: { 200: freezeStateSchema } } },
    async (request) =>
      freezeAccount(database.db, { userId: userIdOf(request), actor: { owner: true }, reason: null }),
  );
}
