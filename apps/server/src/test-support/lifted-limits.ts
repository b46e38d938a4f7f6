import type { LevelLimits, VerificationLevel } from '@kreyolcash/domain';

// Limits by verification level lifted out of the way, for the workloads that measure the ledger's
// safety and speed under load (the concurrency tests, the chaos suite, the benchmarks): a few hot
// accounts moving money back and forth for seconds would pass any product limit in the first
// second, and the workload would then measure refusals. limits.test.ts tests the limits.
const LIFTED: LevelLimits = {
  por_transferencia_centis: 10_000,
  diario_centis: Number.MAX_SAFE_INTEGER,
  mensal_centis: Number.MAX_SAFE_INTEGER,
  saldo_max_centis: Number.MAX_SAFE_INTEGER,
};

/** The `limites` parameter of the ledger's functions, for callers below the facade (the bench). */
export const LIFTED_LEVEL_LIMITS: Record<VerificationLevel, LevelLimits> = {
  0: LIFTED,
  1: LIFTED,
  2: LIFTED,
};

/** The same as the LEVEL_LIMITS setting, for a test app or a server process. */
export const LIFTED_LEVEL_LIMITS_ENV = JSON.stringify(LIFTED_LEVEL_LIMITS);
