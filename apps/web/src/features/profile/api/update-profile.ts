import type { ProfileUpdateBody } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { getMeQueryOptions, type Me } from './get-me';

/** PATCH /api/me: the full name is the one field a user may change here (spec §5). */
export function updateProfile(body: ProfileUpdateBody): Promise<Me> {
  return apiClient.request('/api/me', { method: 'PATCH', body });
}

export function useUpdateProfile(
  options: Omit<UseMutationOptions<Me, Error, ProfileUpdateBody>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateProfile,
    onSuccess: (me, ...rest) => {
      queryClient.setQueryData(getMeQueryOptions().queryKey, me);
      return options.onSuccess?.(me, ...rest);
    },
  });
}
