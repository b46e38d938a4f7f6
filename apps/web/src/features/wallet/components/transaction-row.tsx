import { formatSignedKreyol, formatWallClock, type Transaction } from '@kreyolcash/domain';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { type TFunction, useTranslation } from '@/lib/i18n';
import {
  amountSignFor,
  type Reading,
  readingOf,
  rowStateLooks,
  rowStateOf,
  typeLooks,
} from './transaction-looks';

/** Who or what a movement was with, as its row's title. */
function titleOf(transaction: Transaction, reading: Reading, t: TFunction<'screens'>): string {
  const { compra, agente } = transaction;
  // A cash movement is with a shop: its business name, as its sign reads.
  if (agente) return agente.nome_comercial;
  if (compra && (reading === 'purchase' || reading === 'sale')) {
    return compra.quantidade > 1 ? `${compra.produto_nome} × ${compra.quantidade}` : compra.produto_nome;
  }
  if (transaction.type === 'sent') return transaction.destinatario_nome ?? t('transaction.someone');
  if (transaction.type === 'received') return transaction.remetente_nome ?? t('transaction.someone');
  // An adjustment is KreyolCash's correction: its label says which kind it is.
  if (transaction.type === 'adjustment') return 'KreyolCash';
  return t(`transaction.types.${transaction.type}`);
}

/**
 * One movement in a list: who or what, the kind and when, then the signed amount with, under it,
 * a label that never shrinks (pending, cancelled, expired, reversed, adjustment). At 360 px the
 * left column wraps, never cuts: a long name takes two lines, and the date and time stay whole.
 * A link to its detail.
 */
export function TransactionRow({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation('screens');
  const reading = readingOf(transaction);
  const { Icon, tint, amountTone } = typeLooks[reading];
  const state = rowStateOf(transaction);
  const stateLook = state ? rowStateLooks[state] : null;
  // A bonus, the sign-up bonus and an adjustment already say what they are in their title.
  const kind =
    reading === 'bonus' || reading === 'signup' || reading === 'adjustment'
      ? null
      : t(`transaction.types.${reading}`);
  const with_ =
    reading === 'purchase'
      ? transaction.compra?.empresa_nome
      : reading === 'sale'
        ? (transaction.remetente_nome ?? t('transaction.someone'))
        : null;
  // dd/mm/aaaa HH:mm: the seconds are for the detail page.
  const when = formatWallClock(transaction.criado_em_haiti).slice(0, 16);
  const details = [kind, with_].filter(Boolean);
  const stateLabel =
    state === null
      ? null
      : state === 'unknown'
        ? transaction.status
        : state === 'adjustment'
          ? t('transaction.types.adjustment')
          : t(`transaction.status.${state}`);

  return (
    <Link
      to={`/transaction/${transaction.id}`}
      className="flex min-h-16 items-center gap-3 px-4 py-2 hover:bg-slate-50 focus-visible:outline-offset-[-2px]"
    >
      <span className={cn('grid size-10 shrink-0 place-items-center rounded-full', tint)}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-base font-semibold break-words text-slate-900" data-testid="row-title">
          {titleOf(transaction, reading, t)}
        </span>
        <span className="text-sm break-words text-slate-600" data-testid="row-details">
          {details.map((detail) => `${detail} · `)}
          <span className="whitespace-nowrap">{when}</span>
        </span>
      </span>
      <span className="flex shrink-0 flex-col items-end gap-0.5">
        <span
          // A state's own style replaces the type's colour (classes are joined, not merged).
          className={cn(
            'text-base font-bold whitespace-nowrap tabular-nums',
            stateLook?.amount || amountTone,
          )}
          data-testid="row-amount"
        >
          {formatSignedKreyol(transaction.quantidade_centis, amountSignFor(transaction))}
        </span>
        {stateLook && stateLabel ? (
          <span
            className={cn(
              'flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold whitespace-nowrap',
              stateLook.tint,
            )}
            data-testid="row-state"
          >
            <stateLook.Icon aria-hidden="true" className="size-3.5" />
            {stateLabel}
          </span>
        ) : null}
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
