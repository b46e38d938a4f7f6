import type { Me, MeUpdateBody } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { followAccountLanguage } from '@/lib/i18n';
import { getMeQueryOptions } from './get-me';

/** PATCH /api/me: the full name (spec §5) and/or the language messages are written in (422 invalid_language). */
export function updateProfile(body: MeUpdateBody): Promise<Me> {
  return apiClient.request('/api/me', { method: 'PATCH', body });
}

export function useUpdateProfile(
  options: Omit<UseMutationOptions<Me, Error, MeUpdateBody>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateProfile,
    onSuccess: (me, ...rest) => {
      queryClient.setQueryData(getMeQueryOptions().queryKey, me);
      // The language just chosen here is now the account's: a later /api/me repeats it.
      void followAccountLanguage(me.idioma);
      return options.onSuccess?.(me, ...rest);
    },
  });
}
