import type { Me, VerifyCodeBody } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { getMeQueryOptions } from './get-me';
import { getPhoneChangeQueryOptions } from './get-phone-change';

/** POST /api/me/phone-change/verify-new: the new number's code is right; the phone changes. */
export function verifyNewPhone(body: VerifyCodeBody): Promise<Me> {
  return apiClient.post('/api/me/phone-change/verify-new', body);
}

export function useVerifyNewPhone(
  options: Omit<UseMutationOptions<Me, Error, VerifyCodeBody>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: verifyNewPhone,
    onSuccess: (me, ...rest) => {
      queryClient.setQueryData(getMeQueryOptions().queryKey, me);
      queryClient.setQueryData(getPhoneChangeQueryOptions().queryKey, null);
      return options.onSuccess?.(me, ...rest);
    },
    onError: (...args) => {
      void queryClient.invalidateQueries({ queryKey: getPhoneChangeQueryOptions().queryKey });
      return options.onError?.(...args);
    },
  });
}
