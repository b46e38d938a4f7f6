import type { Ok } from '@kreyolcash/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiClient } from '@/lib/api-client';

/** POST /api/transfers/:id/cancel: the payer backed out; the reserved amount is released. */
export function cancelTransfer(movementId: string): Promise<Ok> {
  return apiClient.post(`/api/transfers/${encodeURIComponent(movementId)}/cancel`);
}

/**
 * A cancel that nobody waits for: it runs when the payer leaves the code step, often as the
 * screen goes away. A failure is let go — the server cancels an unconfirmed transfer when its
 * code expires.
 */
export function useCancelTransfer(): (movementId: string) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (movementId: string) => {
      void cancelTransfer(movementId)
        .catch(() => undefined)
        .finally(() => queryClient.invalidateQueries({ queryKey: ['wallet'] }));
    },
    [queryClient],
  );
}
