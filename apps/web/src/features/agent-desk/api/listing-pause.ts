import type { MyAgent } from '@kreyolcash/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { getMyAgentQueryOptions } from '@/lib/my-agent';

/** POST /api/me/agent/pause or /resume: takes the listing down or puts it back. */
export function useSetListingPaused() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paused: boolean) =>
      apiClient.post<MyAgent>(`/api/me/agent/${paused ? 'pause' : 'resume'}`, {}),
    // The answer is the listing as it now is: home and the desk read it from the one key.
    onSuccess: (agent) => queryClient.setQueryData(getMyAgentQueryOptions().queryKey, agent),
  });
}
