import { amountSignOf, formatDateTime, formatSignedKreyol, type Transaction } from '@kreyolcash/domain';
import { ArrowDownLeft, ArrowUpRight, type LucideIcon, SlidersHorizontal, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { TextLink } from '@/components/ui/text-link';
import { cn } from '@/lib/cn';

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
          <ul aria-hidden="true">
            {[0, 1, 2].map((row) => (
              <li key={row} className="flex h-16 items-center gap-3 border-b border-slate-100 px-4">
                <Skeleton className="size-10 rounded-full" />
                <div className="flex flex-1 flex-col gap-2">
                  <Skeleton className="h-4 w-32" />
                  <Skeleton className="h-3 w-24" />
                </div>
                <Skeleton className="h-4 w-16" />
              </li>
            ))}
          </ul>
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

const looks: Record<Transaction['type'], { Icon: LucideIcon; tint: string }> = {
  sent: { Icon: ArrowUpRight, tint: 'bg-accent-50 text-accent-600' },
  received: { Icon: ArrowDownLeft, tint: 'bg-emerald-50 text-emerald-700' },
  bonus: { Icon: Sparkles, tint: 'bg-amber-50 text-amber-700' },
  signup: { Icon: Sparkles, tint: 'bg-amber-50 text-amber-700' },
  adjustment: { Icon: SlidersHorizontal, tint: 'bg-slate-100 text-slate-600' },
};

export function TransactionRow({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation('screens');
  const { type } = transaction;
  const { Icon, tint } = looks[type];
  const sign = amountSignOf(type);
  const typeLabel = t(`transaction.types.${type}`);
  const counterpart =
    type === 'sent'
      ? (transaction.destinatario_nome ?? t('transaction.someone'))
      : type === 'received'
        ? (transaction.remetente_nome ?? t('transaction.someone'))
        : typeLabel;
  const details = [
    type === 'sent' || type === 'received' ? typeLabel : null,
    // dd/mm/aaaa HH:mm: the seconds are for the detail page.
    formatDateTime(transaction.criado_em).slice(0, 16),
    transaction.status === 'concluida' ? null : t(`transaction.status.${transaction.status}`),
  ].filter(Boolean);

  return (
    <Link
      to={`/transaction/${transaction.id}`}
      className="flex min-h-16 items-center gap-3 px-4 py-2 hover:bg-slate-50 focus-visible:outline-offset-[-2px]"
    >
      <span className={cn('grid size-10 shrink-0 place-items-center rounded-full', tint)}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-base font-semibold text-slate-900">{counterpart}</span>
        <span className="truncate text-sm text-slate-600">{details.join(' · ')}</span>
      </span>
      <span
        className={cn(
          'shrink-0 text-base font-bold tabular-nums',
          sign === '+' ? 'text-emerald-700' : 'text-slate-900',
          transaction.status === 'cancelada' && 'line-through opacity-60',
        )}
      >
        {formatSignedKreyol(transaction.quantidade_centis, sign)}
      </span>
    </Link>
  );
}
