import type { PurchaseVerification } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export type VerifyPurchaseRequest = { saleId: string; codigo: string };

/**
 * POST /api/purchases/:id/verify: the right code moves the money and notifies the seller. A wrong,
 * expired or exhausted code is an answer (success false), not a failure (spec §8 tolerances).
 */
export function verifyPurchase({ saleId, codigo }: VerifyPurchaseRequest): Promise<PurchaseVerification> {
  return apiClient.post(`/api/purchases/${encodeURIComponent(saleId)}/verify`, { codigo });
}

export function useVerifyPurchase(
  options: Omit<UseMutationOptions<PurchaseVerification, Error, VerifyPurchaseRequest>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: verifyPurchase,
    onSuccess: (answer, ...rest) => {
      if (answer.success) {
        // Balance, history, stock and the seller's sales all moved.
        void queryClient.invalidateQueries({ queryKey: ['wallet'] });
        void queryClient.invalidateQueries({ queryKey: ['marketplace'] });
      }
      options.onSuccess?.(answer, ...rest);
    },
  });
}
