import type { Identity } from '@kreyolcash/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { getIdentityQueryOptions } from './get-identity';

/**
 * POST /api/me/document-photo (multipart `document_photo`): the photo goes to compliance's queue.
 * 413 image_too_large, 422 image_invalid_type, 409 document_already_approved.
 */
export function sendDocumentPhoto(photo: File): Promise<Identity> {
  const form = new FormData();
  form.append('document_photo', photo, photo.name);
  return apiClient.request('/api/me/document-photo', { method: 'POST', form });
}

export function useSendDocumentPhoto({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  const { queryKey } = getIdentityQueryOptions();
  return useMutation({
    mutationFn: sendDocumentPhoto,
    onSuccess: (identity) => {
      queryClient.setQueryData(queryKey, identity);
      onSuccess?.();
    },
    // Approved meanwhile (409) or anything else: show what the server holds now.
    onError: () => void queryClient.invalidateQueries({ queryKey }),
  });
}
