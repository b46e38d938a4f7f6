import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { getOutboxMessagesQueryOptions } from './get-outbox-messages';

/** POST /api/dev/outbox/retry-failed: failed messages go back in the queue. */
export function retryFailedMessages(): Promise<{ requeued: number }> {
  return apiClient.post('/api/dev/outbox/retry-failed', undefined, { auth: false });
}

export function useRetryFailedMessages({ onSuccess }: { onSuccess?: (requeued: number) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryFailedMessages,
    onSuccess: async ({ requeued }) => {
      await queryClient.invalidateQueries({ queryKey: getOutboxMessagesQueryOptions().queryKey });
      onSuccess?.(requeued);
    },
  });
}
