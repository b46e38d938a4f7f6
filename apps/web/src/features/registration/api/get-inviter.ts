import type { Inviter } from '@kreyolcash/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /api/referrals/inviter/:code: the inviter's first name; 404 for a code that is nobody's. */
export function getInviter(code: string, signal?: AbortSignal): Promise<Inviter> {
  return apiClient.get(`/api/referrals/inviter/${encodeURIComponent(code)}`, { auth: false, signal });
}

/** Who sent this invitation link, when the link has a code; an unknown code shows nobody. */
export function useInviter(code: string | undefined) {
  return useQuery({
    ...queryOptions({
      queryKey: ['inviter', code],
      queryFn: ({ signal }) => getInviter(code ?? '', signal),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),
    enabled: code !== undefined,
  });
}
