import type { Ok, ResetPasswordBody } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /api/auth/reset-password with the two tokens of the link's fragment; the link then dies. */
export function resetPassword(body: ResetPasswordBody): Promise<Ok> {
  return apiClient.post('/api/auth/reset-password', body, { auth: false });
}

export function useResetPassword(
  options: Omit<UseMutationOptions<Ok, Error, ResetPasswordBody>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: resetPassword });
}
