import type { FeeBand, FeeOperation, FeeTableList, FeeTableResponse } from '@kreyolcash/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminFetch } from '../api';

// The fee tables as published (GET /api/admin/fees) and a whole table replaced (PUT …/:operacao).

const ALL = ['admin', 'fees'] as const;

export function useFeeTables() {
  return useQuery({ queryKey: ALL, queryFn: () => adminFetch<FeeTableList>('/fees') });
}

export function useReplaceFees(operacao: FeeOperation) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (faixas: FeeBand[]) =>
      adminFetch<{ tabela: FeeTableResponse }>(`/fees/${operacao}`, { method: 'PUT', body: { faixas } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ALL }),
  });
}
