import type { Transaction, VerifiedTransfer } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { placeConfirmedMovement } from './latest-movements';
import { followLedgerChange } from './use-wallet-events';

export type VerifyTransferRequest = { movementId: string; codigo: string };

/**
 * POST /api/transfers/:id/verify: the code completes the transfer. A wrong code is 422
 * invalid_codes with details.tentativas_restantes; code_expired and code_attempts_exceeded mean
 * the server cancelled the transfer.
 */
export async function verifyTransfer({ movementId, codigo }: VerifyTransferRequest): Promise<Transaction> {
  const answer = await apiClient.post<VerifiedTransfer>(
    `/api/transfers/${encodeURIComponent(movementId)}/verify`,
    { codigo },
  );
  return answer.transaction;
}

export function useVerifyTransfer(
  options: Omit<UseMutationOptions<Transaction, Error, VerifyTransferRequest>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: async (request: VerifyTransferRequest) => {
      // Done, or cancelled by the server: either way the balance and the history moved. The
      // stream brings both; without it, they are read again.
      const settled = followLedgerChange(queryClient);
      try {
        const movement = await verifyTransfer(request);
        placeConfirmedMovement(queryClient, movement);
        return movement;
      } finally {
        settled();
      }
    },
  });
}
