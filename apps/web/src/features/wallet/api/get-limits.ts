import type { LevelLimits, VerificationLevel } from '@kreyolcash/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** GET /api/me/limits: the verification level, its limits, and what is used of them. */
export type LimitStatus = {
  nivel: VerificationLevel;
  limites: LevelLimits;
  /** Sent since midnight, Haiti time: transfers and purchases, pending or posted. */
  usado_hoje_centis: number;
  usado_mes_centis: number;
  saldo_centis: number;
  congelado: boolean;
  /** The next level's limits (what moving up gives), or null at the top. */
  proximo: LevelLimits | null;
  /** The newest document review's state; null when no photo was ever sent. */
  revisao_documento?: 'pendente' | 'aprovada' | 'rejeitada' | null;
};

export function getLimits(signal?: AbortSignal): Promise<LimitStatus> {
  return apiClient.get('/api/me/limits', { signal });
}

export function getLimitsQueryOptions() {
  return queryOptions({ queryKey: ['limits'], queryFn: ({ signal }) => getLimits(signal) });
}

export function useLimits({ queryConfig }: { queryConfig?: QueryConfig<typeof getLimitsQueryOptions> } = {}) {
  return useQuery({ ...getLimitsQueryOptions(), ...queryConfig });
}
