import type { PhoneChange, VerifyCodeBody } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { getPhoneChangeQueryOptions } from './get-phone-change';

/**
 * POST /api/me/phone-change/verify-current: the current number's code is right, and a code goes
 * to the new number (step 2 of 2). A wrong code is 422 invalid_codes with
 * details.tentativas_restantes; code_expired and code_attempts_exceeded end the change.
 */
export function verifyCurrentPhone(body: VerifyCodeBody): Promise<PhoneChange> {
  return apiClient.post('/api/me/phone-change/verify-current', body);
}

export function useVerifyCurrentPhone(
  options: Omit<UseMutationOptions<PhoneChange, Error, VerifyCodeBody>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: verifyCurrentPhone,
    onSuccess: (change, ...rest) => {
      queryClient.setQueryData(getPhoneChangeQueryOptions().queryKey, change);
      return options.onSuccess?.(change, ...rest);
    },
    // A failure may have spent an attempt or ended the change: ask the server where it stands.
    onError: (...args) => {
      void queryClient.invalidateQueries({ queryKey: getPhoneChangeQueryOptions().queryKey });
      return options.onError?.(...args);
    },
  });
}
