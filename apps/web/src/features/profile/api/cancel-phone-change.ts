import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { getPhoneChangeQueryOptions } from './get-phone-change';

/** DELETE /api/me/phone-change: the open change ends, at either step (204). */
export function cancelPhoneChange(): Promise<void> {
  return apiClient.request('/api/me/phone-change', { method: 'DELETE' });
}

export function useCancelPhoneChange(
  options: Omit<UseMutationOptions<void, Error, void>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: cancelPhoneChange,
    onSuccess: (...args) => {
      queryClient.setQueryData(getPhoneChangeQueryOptions().queryKey, null);
      return options.onSuccess?.(...args);
    },
    onError: (...args) => {
      void queryClient.invalidateQueries({ queryKey: getPhoneChangeQueryOptions().queryKey });
      return options.onError?.(...args);
    },
  });
}
