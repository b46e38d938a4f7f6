import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { CallBatcher, onePer } from '../lib/call-batcher.ts';
import type { AccessClaims } from './access-token.ts';
import { openSessionsAmong } from './sessions.repository.ts';

// Every signed-in request asks whether its session is still open. Under load, the questions that
// arrive while one is in flight go together in one query: each is still answered by the database
// at the time of its request — no answer is kept for later.
export const sessionChecks = onePer(
  (db: Kysely<DB>) =>
    new CallBatcher<AccessClaims, boolean>({
      lanes: 1,
      keyOf: () => '',
      maxBatch: 128,
      runOne: async (claims) => (await openSessionsAmong(db, [claims]))[0] === true,
      runMany: (all) => openSessionsAmong(db, all),
    }),
);
