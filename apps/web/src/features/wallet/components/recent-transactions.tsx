import type { Transaction } from '@kreyolcash/domain';
import { TextLink } from '@/components/ui/text-link';
import { useTranslation } from '@/lib/i18n';
import { TransactionRow, TransactionRowSkeletons } from './transaction-row';

type RecentTransactionsProps = { transactions: Transaction[] | undefined; failed?: boolean };

/** The last movements in a 200 px box that scrolls (spec §2), each one a link to its detail. */
export function RecentTransactions({ transactions, failed = false }: RecentTransactionsProps) {
  const { t } = useTranslation('screens');
  return (
    <section aria-labelledby="recent-title">
      <div className="flex items-center justify-between">
        <h2 id="recent-title" className="text-lg font-bold text-slate-900">
          {t('home.recent.title')}
        </h2>
        <TextLink to="/statement">{t('home.recent.seeAll')}</TextLink>
      </div>
      <div className="mt-1 h-[200px] overflow-y-auto rounded-2xl border border-slate-200 bg-white">
        {failed && transactions === undefined ? (
          <p className="grid h-full place-items-center px-6 text-center text-base text-slate-600">
            {t('errors.account_data_error')}
          </p>
        ) : transactions === undefined ? (
          <TransactionRowSkeletons count={3} />
        ) : transactions.length === 0 ? (
          <p className="grid h-full place-items-center px-6 text-center text-base text-slate-600">
            {t('home.recent.empty')}
          </p>
        ) : (
          <ul>
            {transactions.map((transaction) => (
              <li key={transaction.id} className="border-b border-slate-100 last:border-b-0">
                <TransactionRow transaction={transaction} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
