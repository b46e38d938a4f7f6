import type { EmailOnlyBody, Ok } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /api/auth/resend-confirmation: 202 whether or not the account exists. */
export function resendConfirmation(body: EmailOnlyBody): Promise<Ok> {
  return apiClient.post('/api/auth/resend-confirmation', body, { auth: false });
}

export function useResendConfirmation(
  options: Omit<UseMutationOptions<Ok, Error, EmailOnlyBody>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: resendConfirmation });
}
