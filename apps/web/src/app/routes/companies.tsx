import { CircleAlert, Plus, Store } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCompanies } from '@/features/marketplace/api/get-companies';
import { useMyCompany } from '@/features/marketplace/api/get-my-company';
import { CompanyList } from '@/features/marketplace/components/company-list';
import { MarketplaceScreen } from '@/features/marketplace/components/marketplace-screen';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/hooks/use-session';
import { useTranslation } from '@/lib/i18n';

export function CompaniesRoute() {
  const session = useSession();
  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  return <CompaniesScreen isSignedIn={session.status === 'signed-in'} />;
}

function CompaniesScreen({ isSignedIn }: { isSignedIn: boolean }) {
  const { t } = useTranslation('marketplace');
  useDocumentTitle(t('companies.title'));
  const companies = useCompanies({ enabled: isSignedIn });
  const mine = useMyCompany({ queryConfig: { enabled: isSignedIn } });

  return (
    <MarketplaceScreen title={t('companies.title')} backTo="/home">
      <p className="text-base text-slate-700">{t('companies.subtitle')}</p>
      {mine.data && mine.data.status !== 'ATIVA' ? (
        // Moderation took the company off the marketplace: its page answers 404 to everyone, so
        // the owner reads why here instead of a link to a page that is not there.
        <p
          role="status"
          className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-base text-amber-900"
          data-testid="company-on-hold"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {t(`companies.onHold.${mine.data.status}`)}
        </p>
      ) : mine.data ? (
        <Link to={`/company/${mine.data.id}`} className={buttonStyles({ variant: 'secondary' })}>
          <Store aria-hidden="true" className="size-5" />
          {t('companies.myCompany')}
        </Link>
      ) : mine.data === null || mine.isError ? (
        <Link to="/create-company" className={buttonStyles({ variant: 'primary' })}>
          <Plus aria-hidden="true" className="size-5" />
          {t('companies.create')}
        </Link>
      ) : (
        <Skeleton className="h-11 rounded-xl" />
      )}
      <CompanyList
        companies={companies.data?.pages.flatMap((page) => page.items)}
        failed={companies.isError}
        onRetry={() => void companies.refetch()}
        hasMore={companies.hasNextPage}
        isLoadingMore={companies.isFetchingNextPage}
        onLoadMore={() => void companies.fetchNextPage()}
      />
    </MarketplaceScreen>
  );
}
