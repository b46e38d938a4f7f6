import type { NifAvailability } from '@kreyolcash/domain';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiClient } from '@/lib/api-client';

/** GET /api/auth/nif-available?documento=: whether an account already uses this NIF. */
export function getNifAvailability(documento: string, signal?: AbortSignal): Promise<NifAvailability> {
  return apiClient.get('/api/auth/nif-available', { query: { documento }, auth: false, signal });
}

export function getNifAvailabilityQueryOptions(documento: string) {
  return queryOptions({
    queryKey: ['nif-availability', documento],
    queryFn: ({ signal }) => getNifAvailability(documento, signal),
    // Asked once per NIF typed; the sign-up itself checks again (409 nif_already_exists).
    staleTime: 60_000,
    retry: false,
  });
}

/** Asks on demand (the wizard asks when the 10th digit is typed), through the query cache. */
export function useCheckNifAvailability() {
  const queryClient = useQueryClient();
  return useCallback(
    (documento: string) => queryClient.fetchQuery(getNifAvailabilityQueryOptions(documento)),
    [queryClient],
  );
}
