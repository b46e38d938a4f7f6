import type { Me } from '@kreyolcash/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { followAccountLanguage } from '@/lib/i18n';
import type { QueryConfig } from '@/lib/react-query';

/** GET /api/me; a language the account took on another device becomes this device's too. */
export async function getMe(signal?: AbortSignal): Promise<Me> {
  const me = await apiClient.get<Me>('/api/me', { signal });
  void followAccountLanguage(me.idioma);
  return me;
}

export function getMeQueryOptions() {
  return queryOptions({ queryKey: ['me'], queryFn: ({ signal }) => getMe(signal) });
}

export function useMe({ queryConfig }: { queryConfig?: QueryConfig<typeof getMeQueryOptions> } = {}) {
  return useQuery({ ...getMeQueryOptions(), ...queryConfig });
}

/** "Marie" of "Marie Jean-Baptiste": the greeting's first name. */
export function firstNameOf(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}
