import type { LevelLimits, VerificationLevel } from '@kreyolcash/domain';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

// Limits by verification level: what a user's level allows and how much of it is used.
// The ledger enforces them (sql/limits.sql); this module reads them for the screens with the same
// SQL functions, so "used today" here is what the next hold will count.

export type { LevelLimits, VerificationLevel } from '@kreyolcash/domain';
export { DEFAULT_LEVEL_LIMITS } from '@kreyolcash/domain';

export type LimitStatus = {
  nivel: VerificationLevel;
  limites: LevelLimits;
  /** Sent since midnight, Haiti time: transfers and purchases, pending or posted. */
  usado_hoje_centis: number;
  /** The same since the first day of the month, Haiti time. */
  usado_mes_centis: number;
  saldo_centis: number;
  congelado: boolean;
};

/** A user's level, its limits and what is used of them; throws when the user does not exist. */
export async function limitStatus(
  db: Kysely<DB>,
  userId: string,
  limits: Record<VerificationLevel, LevelLimits>,
): Promise<LimitStatus> {
  const { rows } = await sql<{
    nivel: number;
    hoje_centis: number;
    mes_centis: number;
    saldo_centis: number;
    congelado: boolean;
  }>`
    select kc_nivel(u.telefone_verificado_em, u.documento_aprovado_em) as nivel,
           e.hoje_centis, e.mes_centis, coalesce(c.saldo_centis, 0)::bigint as saldo_centis,
           u.congelado_em is not null as congelado
      from usuarios u
      left join kreyolcash_contas c on c.id = u.id
      cross join lateral kc_envios_usados(u.id) e
     where u.id = ${userId}`.execute(db);
  const row = rows[0];
  if (!row) throw new Error(`no user ${userId}`);
  const nivel = row.nivel as VerificationLevel;
  return {
    nivel,
    limites: limits[nivel],
    usado_hoje_centis: Number(row.hoje_centis),
    usado_mes_centis: Number(row.mes_centis),
    saldo_centis: Number(row.saldo_centis),
    congelado: row.congelado,
  };
}
