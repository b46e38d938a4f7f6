import { AppError, type Purchase, type PurchaseVerification } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { getPurchase } from './get-purchase';

export type VerifyPurchaseRequest = { saleId: string; codigo: string };

/**
 * What the code's confirmation learnt: the server's answer, or, when the sale was no longer
 * waiting for its code, the sale as it is now (paid by an earlier confirmation whose answer was
 * lost, or voided).
 */
export type VerifyPurchaseOutcome = PurchaseVerification | { ended: Purchase };

/**
 * POST /api/purchases/:id/verify: the right code moves the money and notifies the seller. A wrong,
 * expired or exhausted code is an answer (success false), not a failure (spec §8 tolerances).
 */
export function verifyPurchase({ saleId, codigo }: VerifyPurchaseRequest): Promise<PurchaseVerification> {
  return apiClient.post(`/api/purchases/${encodeURIComponent(saleId)}/verify`, { codigo });
}

/** The confirmation, and on 409 transaction_not_pending the sale read again, in one pending state. */
async function verifyOrReadEnded(request: VerifyPurchaseRequest): Promise<VerifyPurchaseOutcome> {
  try {
    return await verifyPurchase(request);
  } catch (error) {
    if (AppError.from(error).code !== 'transaction_not_pending') throw error;
    return { ended: await getPurchase(request.saleId) };
  }
}

export function useVerifyPurchase(
  options: Omit<UseMutationOptions<VerifyPurchaseOutcome, Error, VerifyPurchaseRequest>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: verifyOrReadEnded,
    onSuccess: (outcome, ...rest) => {
      if ('ended' in outcome || outcome.success) {
        // Balance, history, waiting purchases, stock and the seller's sales all moved.
        void queryClient.invalidateQueries({ queryKey: ['wallet'] });
        void queryClient.invalidateQueries({ queryKey: ['marketplace'] });
      }
      options.onSuccess?.(outcome, ...rest);
    },
  });
}
