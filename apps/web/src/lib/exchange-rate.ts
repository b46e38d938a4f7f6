import type { ExchangeRateResponse } from '@kreyolcash/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';

/** GET /api/fees/rate: what one ₭ is worth in gourdes (the operator's setting), under the fees' key. */
export function useExchangeRate({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['fees', 'rate'],
    queryFn: ({ signal }) => apiClient.get<ExchangeRateResponse>('/api/fees/rate', { signal }),
    enabled,
  });
}
