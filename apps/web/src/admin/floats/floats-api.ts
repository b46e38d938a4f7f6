import type { AdminFloatOperationEnvelope, AdminFloatOperationList } from '@kreyolcash/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminFetch } from '../api';

// Float issuances and redemptions under four eyes (POST /api/admin/floats/…).

const ALL = ['admin', 'floats'] as const;

export function useFloatOperations(status: 'proposto' | 'decidido') {
  return useQuery({
    queryKey: [...ALL, status],
    queryFn: () => adminFetch<AdminFloatOperationList>('/floats', { query: { status, limit: 30 } }),
  });
}

export type FloatProposal =
  | { tipo: 'emissao'; agente: string; quantidade_centis: number; referencia: string; data_deposito: string }
  | { tipo: 'resgate'; agente: string; quantidade_centis: number; referencia: string };

export function useProposeFloat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ tipo, ...body }: FloatProposal) =>
      adminFetch<AdminFloatOperationEnvelope>(
        tipo === 'emissao' ? '/floats/issuances' : '/floats/redemptions',
        {
          method: 'POST',
          body,
        },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ALL }),
  });
}

export type FloatDecision = { kind: 'approve' } | { kind: 'reject'; motivo: string };

export function useDecideFloat(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: FloatDecision) =>
      adminFetch<AdminFloatOperationEnvelope>(`/floats/${id}/${decision.kind}`, {
        method: 'POST',
        body: decision.kind === 'reject' ? { motivo: decision.motivo } : {},
      }),
    // A refusal (decided by someone else, a float short of money) may also mean the lists changed.
    onSettled: () => client.invalidateQueries({ queryKey: ALL }),
  });
}
