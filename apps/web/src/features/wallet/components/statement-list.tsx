import { HISTORY_STATEMENT_LIMIT, type HistoryFilter } from '@kreyolcash/domain';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import { useTransactionPages } from '../api/get-transactions';
import { STATEMENT_PANEL_ID } from './statement-tabs';
import { TransactionRow, TransactionRowSkeletons } from './transaction-row';
import { notifyWalletError } from './wallet-errors';

type StatementListProps = { filter: HistoryFilter; enabled: boolean };

/** The movements of one tab, newest first, 50 at a time (the API filters by tab). */
export function StatementList({ filter, enabled }: StatementListProps) {
  const { t } = useTranslation('wallet');
  const query = useTransactionPages({ query: { type: filter, limit: HISTORY_STATEMENT_LIMIT }, enabled });
  const items = query.data?.pages.flatMap((page) => page.items);

  useEffect(() => {
    if (query.error) notifyWalletError(query.error, 'error_loading_transactions');
  }, [query.error]);

  return (
    <section
      id={STATEMENT_PANEL_ID}
      role="tabpanel"
      aria-labelledby={`statement-tab-${filter}`}
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white"
    >
      {items === undefined && query.isError ? (
        <div className="flex flex-col items-center gap-3 px-6 py-8 text-center">
          <p className="text-base text-slate-600">{t('errors.error_loading_transactions')}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : items === undefined ? (
        <TransactionRowSkeletons count={4} />
      ) : items.length === 0 ? (
        <p className="px-6 py-10 text-center text-base text-slate-600">{t(`statement.empty.${filter}`)}</p>
      ) : (
        <ul data-testid="statement-rows">
          {items.map((transaction) => (
            <li key={transaction.id} className="border-b border-slate-100 last:border-b-0">
              <TransactionRow transaction={transaction} />
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <div className="border-t border-slate-100 p-3">
          <Button
            variant="outline"
            className="w-full"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? <Spinner /> : null}
            {query.isFetchingNextPage ? t('statement.loadingMore') : t('statement.loadMore')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
