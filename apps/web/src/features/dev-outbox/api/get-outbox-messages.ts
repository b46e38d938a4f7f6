import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export type OutboxMessage = {
  id: number;
  channel: 'whatsapp' | 'email';
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  purpose: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
};

/** How often the page asks again: a code sent a moment ago shows up without a reload. */
const OUTBOX_REFRESH_MS = 3_000;

/** GET /api/dev/outbox (development only): the last messages, newest first. */
export function getOutboxMessages(signal?: AbortSignal): Promise<{ items: OutboxMessage[] }> {
  return apiClient.get('/api/dev/outbox', { auth: false, signal });
}

export function getOutboxMessagesQueryOptions() {
  return queryOptions({
    queryKey: ['dev', 'outbox'],
    queryFn: ({ signal }) => getOutboxMessages(signal),
    refetchInterval: OUTBOX_REFRESH_MS,
    staleTime: 0,
  });
}

export function useOutboxMessages() {
  return useQuery(getOutboxMessagesQueryOptions());
}
