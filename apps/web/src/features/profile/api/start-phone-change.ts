import type { PhoneChange, PhoneChangeBody } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { getPhoneChangeQueryOptions } from './get-phone-change';

/**
 * POST /api/me/phone-change: step 1 of 2 starts, with a code sent to the CURRENT number. Fails
 * with new_phone_required, phone_invalid, phone_same_as_current, phone_already_exists
 * (details.nome: the holder's first name) or rate_limited.
 */
export function startPhoneChange(body: PhoneChangeBody): Promise<PhoneChange> {
  return apiClient.post('/api/me/phone-change', body);
}

export function useStartPhoneChange(
  options: Omit<UseMutationOptions<PhoneChange, Error, PhoneChangeBody>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: startPhoneChange,
    onSuccess: (change, ...rest) => {
      queryClient.setQueryData(getPhoneChangeQueryOptions().queryKey, change);
      return options.onSuccess?.(change, ...rest);
    },
  });
}
