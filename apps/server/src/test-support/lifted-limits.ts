import { AMOUNT_CEILING_CENTIS, type LevelLimits, type VerificationLevel } from '@kreyolcash/domain';

// Limits by verification level lifted out of the way, for the workloads that measure the ledger's
// safety and speed under load (the concurrency tests, the chaos suite, the benchmarks): a few hot
// accounts moving money back and forth for seconds would pass any product limit in the first
// second, and the workload would then measure refusals. limits.test.ts tests the limits. Lifted
// up to the ceiling of every amount, which no limit may pass (LEVEL_LIMITS is held to it).
const LIFTED: LevelLimits = {
  por_transferencia_centis: 10_000,
  diario_centis: AMOUNT_CEILING_CENTIS,
  mensal_centis: AMOUNT_CEILING_CENTIS,
  saldo_max_centis: AMOUNT_CEILING_CENTIS,
};

/** The `limites` parameter of the ledger's functions, for callers below the facade (the bench). */
export const LIFTED_LEVEL_LIMITS: Record<VerificationLevel, LevelLimits> = {
  0: LIFTED,
  1: LIFTED,
  2: LIFTED,
};

/** The same as the LEVEL_LIMITS setting, for a test app or a server process. */
export const LIFTED_LEVEL_LIMITS_ENV = JSON.stringify(LIFTED_LEVEL_LIMITS);
