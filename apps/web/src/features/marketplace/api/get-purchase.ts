import type { Purchase } from '@kreyolcash/domain';
import { apiClient } from '@/lib/api-client';

/** GET /api/purchases/:id: one of the caller's purchases, whatever its status; 404 sale_not_found. */
export function getPurchase(saleId: string, signal?: AbortSignal): Promise<Purchase> {
  return apiClient.get(`/api/purchases/${encodeURIComponent(saleId)}`, { signal });
}
