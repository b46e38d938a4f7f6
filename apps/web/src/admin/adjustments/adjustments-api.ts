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
