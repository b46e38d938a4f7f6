import type { ConfirmEmailBody, Ok } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /api/auth/confirm-email with the token of the link; the token works once. */
export function confirmEmail(body: ConfirmEmailBody): Promise<Ok> {
  return apiClient.post('/api/auth/confirm-email', body, { auth: false });
}

export function useConfirmEmail(
  options: Omit<UseMutationOptions<Ok, Error, ConfirmEmailBody>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: confirmEmail });
}
