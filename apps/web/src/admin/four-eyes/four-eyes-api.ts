import type { AdminAdjustment } from '@kreyolcash/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminFetch } from '../api';
import { type CountedPage, useListPages } from '../list-pages';

// The calls every area under four eyes makes the same way (adjustments, agents' float): its
// proposals listed by status, and another operator's approval or refusal of one of them.

/** An area under four eyes: its path under /api/admin and the key of all its queries. */
export type FourEyesArea = { path: string; key: readonly string[] };

/** What the frame reads of any proposal (the domain's four-eyes shape, and its id). */
export type FourEyesProposal = Pick<
  AdminAdjustment,
  | 'id'
  | 'status'
  | 'proposto_por'
  | 'proposto_por_nome'
  | 'criado_em'
  | 'decidido_por_nome'
  | 'decidido_em'
  | 'decisao_motivo'
>;

/** A page of an area's proposals, and how many there are. */
export type ProposalPage<T> = CountedPage & { items: T[] };

/** An area's proposals of one status, 30 a page, read on as the operator asks for more. */
export function useProposals<T extends FourEyesProposal>(
  area: FourEyesArea,
  status: 'proposto' | 'decidido',
) {
  return useListPages<ProposalPage<T>>([...area.key, status], area.path, { status, limit: '30' });
}

/** A proposal's mutation: once it is recorded, the area's lists are read again. */
export function useProposal<B>(area: FourEyesArea, send: (body: B) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: area.key }),
  });
}

export type Decision = { kind: 'approve' } | { kind: 'reject'; motivo: string };

export function useDecision(area: FourEyesArea, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) =>
      adminFetch<unknown>(`${area.path}/${id}/${decision.kind}`, {
        method: 'POST',
        body: decision.kind === 'reject' ? { motivo: decision.motivo } : {},
      }),
    // A refusal (someone else decided, not enough money) may also mean the lists changed.
    onSettled: () => client.invalidateQueries({ queryKey: area.key }),
  });
}
