import { AppError, type FeeBand, type FeeOperation, type FeeTableList } from '@kreyolcash/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';

// The published fee tables, read by every screen that shows a fee (cash-out, transfer, the "Frè"
// page): one query and one key, so a table read on one screen is the one the others show. The
// ₭/HTG rate, under the same key's prefix, is lib/exchange-rate.

/** GET /api/fees: the published table of each operation (cash-out, cash-in, transfer). */
export function getFees(signal?: AbortSignal): Promise<FeeTableList> {
  return apiClient.get('/api/fees', { signal });
}

export function getFeesQueryOptions() {
  return queryOptions({
    queryKey: ['fees'],
    queryFn: ({ signal }) => getFees(signal).then((answer) => answer.tabelas),
    // A table replaced in the back office applies at once: never shown older than a visit.
    staleTime: 0,
  });
}

export function useFees() {
  return useQuery(getFeesQueryOptions());
}

/** One operation's published bands, once the tables are read. */
export function useFeeBands(operacao: FeeOperation): FeeBand[] | undefined {
  const fees = useFees();
  return fees.data?.find((table) => table.operacao === operacao)?.faixas;
}

/** The new fee a fee_changed refusal names (its details), for the screen to ask again with it. */
export function changedFeeOf(error: unknown): number | undefined {
  const failure = AppError.from(error);
  const fee = failure.details?.tarifa_centis;
  return failure.code === 'fee_changed' && typeof fee === 'number' ? fee : undefined;
}
