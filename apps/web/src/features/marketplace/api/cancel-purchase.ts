import type { Ok } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /api/purchases/:id/cancel: the pending sale ends and its money and stock are free again. */
export function cancelPurchase(saleId: string): Promise<Ok> {
  return apiClient.post(`/api/purchases/${encodeURIComponent(saleId)}/cancel`);
}

export function useCancelPurchase(options: Omit<UseMutationOptions<Ok, Error, string>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: cancelPurchase,
    onSettled: (...args) => {
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
      // The units it held are available again.
      void queryClient.invalidateQueries({ queryKey: ['marketplace'] });
      options.onSettled?.(...args);
    },
  });
}
