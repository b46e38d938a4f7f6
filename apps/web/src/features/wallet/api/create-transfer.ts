import { AppError, type StartedTransfer, type TransferInitiateBody } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiClient, isRetryableFailure } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { followLedgerChange } from './use-wallet-events';

/**
 * POST /api/transfers: reserves the amount and sends the code to the payer's WhatsApp. The same
 * Idempotency-Key sent again (a retry after a lost answer) gets the same transfer, not a second one.
 */
export function createTransfer(body: TransferInitiateBody, idempotencyKey: string): Promise<StartedTransfer> {
  return apiClient.post('/api/transfers', body, { headers: { 'idempotency-key': idempotencyKey } });
}

/**
 * Each attempt of the amount step gets a new Idempotency-Key; retrying the very same transfer after
 * a failure that may have reached the server (no answer, a gateway error, still in progress)
 * reuses it, so a flaky network can never send the money twice.
 */
export function useCreateTransfer(
  options: Omit<UseMutationOptions<StartedTransfer, Error, TransferInitiateBody>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null);
  return useMutation({
    ...options,
    mutationFn: async (body: TransferInitiateBody) => {
      const payee = [body.destinatario_email, body.destinatario_telefone, body.destinatario_id];
      // The fee is part of the attempt: a new fee agreed to after fee_changed is a new request.
      const fingerprint = JSON.stringify([
        ...payee,
        body.quantidade_centis,
        body.observacoes,
        body.tarifa_centis,
      ]);
      if (attempt.current?.fingerprint !== fingerprint)
        attempt.current = { key: newIdempotencyKey(), fingerprint };
      // The reservation changes what is available: the stream brings it, or the wallet is read.
      const settled = followLedgerChange(queryClient);
      try {
        return await createTransfer(body, attempt.current.key);
      } finally {
        settled();
      }
    },
    onSuccess: (...args) => {
      attempt.current = null;
      return options.onSuccess?.(...args);
    },
    onError: (error, ...rest) => {
      const failure = AppError.from(error);
      if (!isRetryableFailure(failure) && failure.code !== 'request_in_progress') attempt.current = null;
      return options.onError?.(error, ...rest);
    },
  });
}
