import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { CallBatcher, onePer } from '../lib/call-batcher.ts';
import type { AccessClaims } from './access-token.ts';
import { isSessionActive } from './sessions.repository.ts';

// Every signed-in request asks whether its session is still open. Under load, the questions that
// arrive while one is in flight go together in one query: each is still answered by the database
// at the time of its request — no answer is kept for later.
export const sessionChecks = onePer(
  (db: Kysely<DB>) =>
    new CallBatcher<AccessClaims, boolean>({
      lanes: 1,
      maxBatch: 128,
      runOne: (claims) => isSessionActive(db, claims),
      runMany: (all) => activeAmong(db, all),
    }),
);

async function activeAmong(db: Kysely<DB>, all: AccessClaims[]): Promise<boolean[]> {
  const open = await db
    .selectFrom('sessoes')
    .select(['id', 'user_id'])
    .where(
      'id',
      'in',
      all.map((c) => c.sessionId),
    )
    .where('revogado_em', 'is', null)
    .execute();
  const owners = new Map(open.map((s) => [s.id, s.user_id]));
  return all.map((c) => owners.get(c.sessionId) === c.userId);
}
