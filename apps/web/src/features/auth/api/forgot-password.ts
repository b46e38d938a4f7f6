import type { EmailOnlyBody, Ok } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /api/auth/forgot-password: 202 whether or not the e-mail has an account. */
export function requestPasswordReset(body: EmailOnlyBody): Promise<Ok> {
  return apiClient.post('/api/auth/forgot-password', body, { auth: false });
}

export function useRequestPasswordReset(
  options: Omit<UseMutationOptions<Ok, Error, EmailOnlyBody>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: requestPasswordReset });
}
