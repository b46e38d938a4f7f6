import { AppError, type MyAgent } from '@kreyolcash/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';

// The caller's own agent profile, read by home (the desk's shortcut) and by the desk itself:
// one query and one key, so what the desk changes (the float, a paused listing) is what home reads.

/** GET /api/me/agent: the caller's listing and float, or null when the caller is no agent (404). */
export async function getMyAgent(signal?: AbortSignal): Promise<MyAgent | null> {
  try {
    return await apiClient.get<MyAgent>('/api/me/agent', { signal });
  } catch (error) {
    if (AppError.from(error).code === 'agent_not_found') return null;
    throw error;
  }
}

export function getMyAgentQueryOptions() {
  return queryOptions({ queryKey: ['agents', 'me'], queryFn: ({ signal }) => getMyAgent(signal) });
}

export function useMyAgent({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getMyAgentQueryOptions(), enabled });
}
