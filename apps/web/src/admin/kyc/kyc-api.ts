import type { AdminKycQueue, AdminKycReview } from '@kreyolcash/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminFetch } from '../api';
import { useListPages } from '../list-pages';

const QUEUE = ['admin', 'kyc', 'queue'] as const;
const reviewKey = (id: string) => ['admin', 'kyc', 'review', id] as const;

export function useKycQueue() {
  return useListPages<AdminKycQueue>(QUEUE, '/kyc', {});
}

export function useKycReview(id: string) {
  return useQuery({
    queryKey: reviewKey(id),
    queryFn: () => adminFetch<AdminKycReview>(`/kyc/${id}`),
  });
}

export type Decision = { kind: 'approve' } | { kind: 'reject'; motivo: string };

export function useDecide(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) =>
      decision.kind === 'approve'
        ? adminFetch(`/kyc/${id}/approve`, { method: 'POST' })
        : adminFetch(`/kyc/${id}/reject`, { method: 'POST', body: { motivo: decision.motivo } }),
    // Decided here or by someone else (409): the queue and this review show what is true now.
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'kyc'] }),
  });
}
