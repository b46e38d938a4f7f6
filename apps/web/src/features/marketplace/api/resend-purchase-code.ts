import type { ResentCode } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * POST /api/purchases/:id/resend-code: a new code to the buyer's WhatsApp, replacing the old one;
 * the attempts left and the expiry stay. 409 transaction_not_pending: the sale is over.
 */
export function resendPurchaseCode(saleId: string): Promise<ResentCode> {
  return apiClient.post(`/api/purchases/${encodeURIComponent(saleId)}/resend-code`);
}

export function useResendPurchaseCode(
  options: Omit<UseMutationOptions<ResentCode, Error, string>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: resendPurchaseCode });
}
