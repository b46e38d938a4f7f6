import type { Me } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { getMeQueryOptions } from './get-me';

/**
 * PUT /api/me/photo (multipart `photo`): the server re-encodes the image and removes the old one.
 * 413 image_too_large, 422 image_invalid_type.
 */
export function uploadProfilePhoto(photo: File): Promise<Me> {
  const form = new FormData();
  form.append('photo', photo, photo.name);
  return apiClient.request('/api/me/photo', { method: 'PUT', form });
}

export function useUploadProfilePhoto(options: Omit<UseMutationOptions<Me, Error, File>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: uploadProfilePhoto,
    onSuccess: (me, ...rest) => {
      queryClient.setQueryData(getMeQueryOptions().queryKey, me);
      return options.onSuccess?.(me, ...rest);
    },
  });
}
