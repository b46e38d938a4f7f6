import { AppError, type MyAgent } from '@kreyolcash/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /api/me/agent: the caller's own agent profile, or null when the caller is no agent (404). */
export async function getMyAgent(signal?: AbortSignal): Promise<MyAgent | null> {
  try {
    return await apiClient.get<MyAgent>('/api/me/agent', { signal });
  } catch (error) {
    if (AppError.from(error).code === 'agent_not_found') return null;
    throw error;
  }
}

export function useMyAgent({ enabled }: { enabled: boolean }) {
  return useQuery(
    queryOptions({ queryKey: ['agents', 'me'], queryFn: ({ signal }) => getMyAgent(signal), enabled }),
  );
}
