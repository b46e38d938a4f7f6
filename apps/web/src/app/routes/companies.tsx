import { Plus, Store } from 'lucide-react';
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
      {mine.data ? (
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
