import type { Company } from '@kreyolcash/domain';
import { Store } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useTranslation } from '@/lib/i18n';
import { CompanyCard } from './company-card';
import { LoadMoreButton } from './load-more-button';

type CompanyListProps = {
  companies: Company[] | undefined;
  failed: boolean;
  onRetry: () => void;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
};

/** The active companies, newest first, a page at a time. */
export function CompanyList({
  companies,
  failed,
  onRetry,
  hasMore,
  isLoadingMore,
  onLoadMore,
}: CompanyListProps) {
  const { t } = useTranslation('marketplace');
  if (companies === undefined) {
    if (failed) {
      return (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white p-6 text-center">
          <p className="text-base font-medium text-slate-800">{t('companies.loadError')}</p>
          <Button variant="outline" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </div>
      );
    }
    return (
      <ul aria-hidden="true" className="flex flex-col gap-3">
        {[0, 1, 2].map((row) => (
          <li key={row} className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-4">
            <Skeleton className="size-11 rounded-xl" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-5 w-24 rounded-full" />
              <Skeleton className="h-4 w-full" />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (companies.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 p-6 text-center">
        <Store aria-hidden="true" className="size-8 text-slate-400" />
        <p className="text-base text-slate-600">{t('companies.empty')}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-3">
        {companies.map((company) => (
          <li key={company.id}>
            <CompanyCard company={company} />
          </li>
        ))}
      </ul>
      <LoadMoreButton hasMore={hasMore} isLoading={isLoadingMore} onLoadMore={onLoadMore} />
    </>
  );
}
