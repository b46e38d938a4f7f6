import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Someone the caller paid before: one tap pays them again (by id, never by a typed identity). */
export type RecentPayee = {
  destinatario_id: string;
  nome_completo: string;
  profile_photo_url: string | null;
  /** Their phone, masked (`+509 •••• 3456`). */
  contato: string;
};

/** GET /api/transfers/recent-payees: the last distinct people paid, most recent first. */
export function getRecentPayees(signal?: AbortSignal): Promise<{ items: RecentPayee[] }> {
  return apiClient.get('/api/transfers/recent-payees', { signal });
}

export function useRecentPayees() {
  return useQuery({
    // Under ['wallet'], so a posted transfer reads it again.
    queryKey: ['wallet', 'recent-payees'],
    queryFn: ({ signal }) => getRecentPayees(signal).then((answer) => answer.items),
  });
}
