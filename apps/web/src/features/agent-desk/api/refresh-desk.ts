import { useQueryClient } from '@tanstack/react-query';
import { getMyAgentQueryOptions } from '@/lib/my-agent';

/** Reads the desk's lists and the agent's float again, once a cash-in or a cash-out moved money. */
export function useRefreshDesk() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['agent-desk'] }),
      queryClient.invalidateQueries({ queryKey: getMyAgentQueryOptions().queryKey }),
    ]);
}
