import { formatDateTime, formatKreyol, type Sale, type SaleStatus } from '@kreyolcash/domain';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import { LoadMoreButton } from './load-more-button';

type SalesListProps = {
  sales: Sale[] | undefined;
  failed: boolean;
  onRetry: () => void;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
};

const statusTints: Record<SaleStatus, string> = {
  PENDENTE: 'bg-amber-100 text-amber-900',
  CONFIRMADA: 'bg-emerald-100 text-emerald-800',
  CONCLUIDA: 'bg-emerald-100 text-emerald-800',
  CANCELADA: 'bg-slate-100 text-slate-600',
};

/** The owner's sales, newest first: when, who, what, how many, how much and where it stands. */
export function SalesList({ sales, failed, onRetry, hasMore, isLoadingMore, onLoadMore }: SalesListProps) {
  const { t } = useTranslation('marketplace');
  return (
    <section aria-labelledby="sales-title" className="flex flex-col gap-3">
      <h2 id="sales-title" className="text-lg font-bold text-slate-900">
        {t('company.sales')}
      </h2>
      {sales === undefined ? (
        failed ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white p-6 text-center">
            <p className="text-base text-slate-700">{t('company.salesLoadError')}</p>
            <Button variant="outline" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          </div>
        ) : (
          <Skeleton className="h-24 rounded-2xl" />
        )
      ) : sales.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 p-5 text-center text-base text-slate-600">
          {t('company.noSales')}
        </p>
      ) : (
        <>
          <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
            {sales.map((sale) => (
              <li key={sale.id} className="flex flex-col gap-1 px-4 py-3" data-testid="sale">
                <div className="flex items-start justify-between gap-3">
                  <span className="min-w-0 text-base font-semibold break-words text-slate-900">
                    {sale.produto_nome}
                  </span>
                  <span
                    className={cn(
                      'shrink-0 text-base font-bold tabular-nums',
                      // Only a confirmed sale paid the seller: a pending one must not look paid.
                      sale.status === 'CANCELADA'
                        ? 'text-slate-500 line-through'
                        : sale.status === 'PENDENTE'
                          ? 'text-amber-800 italic'
                          : 'text-emerald-700',
                    )}
                  >
                    {formatKreyol(sale.total_centis)}
                  </span>
                </div>
                <div className="flex items-center justify-between gap-3">
                  <span className="min-w-0 text-sm break-words text-slate-700">
                    {t('company.saleLine', { buyer: sale.comprador_nome, quantity: sale.quantidade })}
                  </span>
                  <span
                    className={cn(
                      'shrink-0 rounded-full px-2 py-0.5 text-xs font-bold',
                      statusTints[sale.status],
                    )}
                  >
                    {t(`saleStatus.${sale.status}`)}
                  </span>
                </div>
                <span className="text-sm text-slate-500 tabular-nums">
                  {formatDateTime(sale.criado_em).slice(0, 16)}
                </span>
              </li>
            ))}
          </ul>
          <LoadMoreButton hasMore={hasMore} isLoading={isLoadingMore} onLoadMore={onLoadMore} />
        </>
      )}
    </section>
  );
}
