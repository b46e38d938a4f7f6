import { amountSignOf, formatDateTime, formatSignedKreyol, type Transaction } from '@kreyolcash/domain';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import { typeLooks } from './transaction-looks';

/** One movement in a list: who or what, when, its status unless done, the signed amount; a link to its detail. */
export function TransactionRow({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation('screens');
  const { type } = transaction;
  const { Icon, tint, amountTone } = typeLooks[type];
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
          amountTone,
          transaction.status === 'cancelada' && 'line-through opacity-60',
        )}
      >
        {formatSignedKreyol(transaction.quantidade_centis, sign)}
      </span>
    </Link>
  );
}

/** Grey rows of a movement's size, while a list loads, so nothing moves when it arrives. */
export function TransactionRowSkeletons({ count }: { count: number }) {
  return (
    <ul aria-hidden="true">
      {Array.from({ length: count }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders, never reordered
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
  );
}
