import type {
  AdminAdjustmentEnvelope,
  AdminAdjustmentList,
  AdminRecipientEnvelope,
} from '@kreyolcash/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminFetch } from '../api';

const ALL = ['admin', 'adjustments'] as const;

export function useAdjustments(status: 'proposto' | 'decidido') {
  return useQuery({
    queryKey: [...ALL, status],
    queryFn: () => adminFetch<AdminAdjustmentList>('/adjustments', { query: { status, limit: 30 } }),
  });
}

export function findRecipient(q: string) {
  return adminFetch<AdminRecipientEnvelope>('/adjustments/recipient', { query: { q } });
}

export type Proposal = { user_id: string; quantidade_centis: number; motivo: string; referencia: string };

export function usePropose() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Proposal) =>
      adminFetch<AdminAdjustmentEnvelope>('/adjustments', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ALL }),
  });
}

export type Decision = { kind: 'approve' } | { kind: 'reject'; motivo: string };

export function useDecide(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) =>
      adminFetch<AdminAdjustmentEnvelope>(`/adjustments/${id}/${decision.kind}`, {
        method: 'POST',
        body: decision.kind === 'reject' ? { motivo: decision.motivo } : {},
      }),
    // A refusal (someone else decided, not enough money) may also mean the lists changed.
    onSettled: () => client.invalidateQueries({ queryKey: ALL }),
  });
}

/** "12,50" or "12.50" → 1250 centis; null when it is not a positive amount with at most 2 decimals. */
export function centisOf(text: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.trim().replace(/\s/g, ''));
  if (!match) return null;
  const centis = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return centis > 0 ? centis : null;
}
