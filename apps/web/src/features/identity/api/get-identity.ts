import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export type ReviewStatus = 'pendente' | 'aprovada' | 'rejeitada';

/** GET /api/me/identity: the verification level and the newest document review. */
export type Identity = {
  /** 0 e-mail confirmed, 1 phone proven, 2 document approved (and phone proven). */
  nivel: 0 | 1 | 2;
  revisao: { status: ReviewStatus; motivo: string | null; enviado_em: string } | null;
};

export function getIdentityQueryOptions() {
  return queryOptions({
    queryKey: ['identity'],
    queryFn: ({ signal }): Promise<Identity> => apiClient.get('/api/me/identity', { signal }),
  });
}

export function useIdentity({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getIdentityQueryOptions(), enabled });
}
