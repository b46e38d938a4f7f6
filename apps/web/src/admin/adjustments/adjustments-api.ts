import type { AdminAdjustmentEnvelope, AdminRecipientEnvelope } from '@kreyolcash/domain';
import { adminFetch } from '../api';
import { type FourEyesArea, useProposal } from '../four-eyes/four-eyes-api';

export const adjustmentsArea: FourEyesArea = { path: '/adjustments', key: ['admin', 'adjustments'] };

export function findRecipient(q: string) {
  return adminFetch<AdminRecipientEnvelope>('/adjustments/recipient', { query: { q } });
}

export type Proposal = { user_id: string; quantidade_centis: number; motivo: string; referencia: string };

export function usePropose() {
  return useProposal(adjustmentsArea, (body: Proposal) =>
    adminFetch<AdminAdjustmentEnvelope>('/adjustments', { method: 'POST', body }),
  );
}

/** "12,50" or "12.50" → 1250 centis; null when it is not a positive amount with at most 2 decimals. */
export function centisOf(text: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.trim().replace(/\s/g, ''));
  if (!match) return null;
  const centis = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return centis > 0 ? centis : null;
}
