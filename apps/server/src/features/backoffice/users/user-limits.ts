import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Config } from '../../../config.ts';
import type { DB } from '../../../db/schema.ts';
import { limitStatus } from '../../../ledger/ledger.ts';

// The user's verification level and how much of its limits is used today and this month, read
// with the ledger's own functions (what the next hold will count).

const limitsSchema = z.object({
  por_transferencia_centis: z.number(),
  diario_centis: z.number(),
  mensal_centis: z.number(),
  saldo_max_centis: z.number(),
});

export const userLimitsSchema = z.object({
  nivel: z.number(),
  limites: limitsSchema,
  usado_hoje_centis: z.number(),
  usado_mes_centis: z.number(),
});

export async function userLimits(db: Kysely<DB>, config: Pick<Config, 'levelLimits'>, userId: string) {
  const { nivel, limites, usado_hoje_centis, usado_mes_centis } = await limitStatus(
    db,
    userId,
    config.levelLimits,
  );
  return { nivel, limites, usado_hoje_centis, usado_mes_centis };
}
