import { AppError, type ErrorCode, type Ok } from '@kreyolcash/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiClient } from '@/lib/api-client';

/** POST /api/transfers/:id/cancel: the payer backed out; the reserved amount is released. */
export function cancelTransfer(movementId: string): Promise<Ok> {
  return apiClient.post(`/api/transfers/${encodeURIComponent(movementId)}/cancel`);
}

/**
 * The cancel of the code steps, when the payer backs out or the screen goes away (then nobody
 * waits for it). It resolves to the refusal's code, or to undefined once cancelled, and never
 * rejects: a failure may be let go, since the server cancels an unconfirmed transfer when its code
 * expires.
 */
export function useCancelTransfer(): (movementId: string) => Promise<ErrorCode | undefined> {
  const queryClient = useQueryClient();
  return useCallback(
    (movementId: string) =>
      cancelTransfer(movementId)
        .then(
          () => undefined,
          (error: unknown) => AppError.from(error).code,
        )
        .finally(() => void queryClient.invalidateQueries({ queryKey: ['wallet'] })),
    [queryClient],
  );
}
