import { HISTORY_MAX_LIMIT, type Transaction, todayIsoDate } from '@kreyolcash/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '@/lib/react-query';
import { getTransactions } from './get-transactions';

// At most this many pages of 100: a chart of 8 weeks must not download a whole history on a
// metered connection. The answer says when it stopped short.
const MAX_PAGES = 5;

export type TransactionsSince = {
  items: Transaction[];
  /** False when the pages ran out before reaching the date: the items are only the newest ones. */
  isComplete: boolean;
};

/** Every movement since `sinceIsoDate` (a day in Haiti), through GET /api/wallet/transactions. */
export async function getTransactionsSince(
  sinceIsoDate: string,
  signal?: AbortSignal,
): Promise<TransactionsSince> {
  const items: Transaction[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await getTransactions({ type: 'all', limit: HISTORY_MAX_LIMIT, cursor }, signal);
    items.push(...answer.items);
    const oldest = answer.items.at(-1);
    const isPastDate = oldest !== undefined && todayIsoDate(new Date(oldest.criado_em)) < sinceIsoDate;
    if (!answer.next_cursor || isPastDate) return { items, isComplete: true };
    cursor = answer.next_cursor;
  }
  return { items, isComplete: false };
}

export function getTransactionsSinceQueryOptions(sinceIsoDate: string) {
  return queryOptions({
    queryKey: ['wallet', 'transactions', 'since', sinceIsoDate],
    queryFn: ({ signal }) => getTransactionsSince(sinceIsoDate, signal),
  });
}

export function useTransactionsSince({
  sinceIsoDate,
  queryConfig,
}: {
  sinceIsoDate: string;
  queryConfig?: QueryConfig<typeof getTransactionsSinceQueryOptions>;
}) {
  return useQuery({ ...getTransactionsSinceQueryOptions(sinceIsoDate), ...queryConfig });
}
