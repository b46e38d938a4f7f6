import type { PurchaseCreateBody, StartedPurchase } from '@kreyolcash/domain';
import { AppError } from '@kreyolcash/domain';
import { onlineManager, type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient, isRetryableFailure } from '@/lib/api-client';

export type StartPurchaseRequest = PurchaseCreateBody & {
  /** One per purchase attempt, the same on a retry, so a retried request never buys twice. */
  idempotencyKey: string;
};

/**
 * POST /api/purchases: the server prices the sale, holds the money and the stock, and sends the
 * buyer a 6-digit code on WhatsApp. 422 insufficient_balance | invalid_quantity |
 * insufficient_stock, 403 own_company_purchase, 404 product_not_found.
 */
export function startPurchase({ idempotencyKey, ...body }: StartPurchaseRequest): Promise<StartedPurchase> {
  return apiClient.post('/api/purchases', body, { headers: { 'idempotency-key': idempotencyKey } });
}

export function useStartPurchase(
  options: Omit<UseMutationOptions<StartedPurchase, Error, StartPurchaseRequest>, 'mutationFn'> = {},
) {
  return useMutation({
    // A request lost on a slow network is sent once more with the same key: the server answers
    // the first attempt's sale instead of starting a second one. Offline, the buyer is told at once.
    retry: (failures, error) =>
      failures < 2 && isRetryableFailure(AppError.from(error)) && onlineManager.isOnline(),
    ...options,
    mutationFn: startPurchase,
  });
}
