import type { ResentCode } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * POST /api/transfers/:id/resend-code: a new code to the payer's WhatsApp, which replaces the old
 * one; the attempts left and the expiry stay. 422 code_expired | code_attempts_exceeded and 409
 * transaction_not_pending mean the transfer is over; 429 rate_limited, too many codes to one phone.
 */
export function resendTransferCode(movementId: string): Promise<ResentCode> {
  return apiClient.post(`/api/transfers/${encodeURIComponent(movementId)}/resend-code`);
}

export function useResendTransferCode(
  options: Omit<UseMutationOptions<ResentCode, Error, string>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: resendTransferCode });
}
