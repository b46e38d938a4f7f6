import type { EmailOnlyBody } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /api/auth/resend-confirmation: 202 whether or not the account exists. */
export function resendConfirmation(body: EmailOnlyBody): Promise<void> {
  return apiClient.post('/api/auth/resend-confirmation', body, { auth: false });
}

export function useResendConfirmation(
  options: Omit<UseMutationOptions<void, Error, EmailOnlyBody>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: resendConfirmation });
}
