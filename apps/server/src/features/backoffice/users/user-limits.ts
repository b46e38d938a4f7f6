import type { Kysely } from 'kysely';
import type { Config } from '../../../config.ts';
import type { DB } from '../../../db/schema.ts';
import { limitStatus } from '../../../ledger/ledger.ts';

// The user's verification level and how much of its limits is used today and this month, read
// with the ledger's own functions (what the next hold will count).

export async function userLimits(db: Kysely<DB>, config: Pick<Config, 'levelLimits'>, userId: string) {
  const { nivel, limites, usado_hoje_centis, usado_mes_centis } = await limitStatus(
    db,
    userId,
    config.levelLimits,
  );
  return { nivel, limites, usado_hoje_centis, usado_mes_centis };
}
