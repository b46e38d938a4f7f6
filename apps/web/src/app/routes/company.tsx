import { Navigate, useParams } from 'react-router';
import { useCompany } from '@/features/marketplace/api/get-company';
import { useCompanyProducts } from '@/features/marketplace/api/get-company-products';
import { useCompanySales } from '@/features/marketplace/api/get-company-sales';
import { CompanyHeader } from '@/features/marketplace/components/company-header';
import { CompanyLoadError } from '@/features/marketplace/components/company-load-error';
import { MarketplaceScreen } from '@/features/marketplace/components/marketplace-screen';
import { ProductList } from '@/features/marketplace/components/product-list';
import { SalesList } from '@/features/marketplace/components/sales-list';
import { useLoadFailure } from '@/features/marketplace/components/use-load-failure';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/hooks/use-session';
import { useTranslation } from '@/lib/i18n';

export function CompanyRoute() {
  const session = useSession();
  const { id = '' } = useParams();
  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  // A new key per company: nothing of one company's page lingers on another's.
  return <CompanyScreen key={id} companyId={id} isSignedIn={session.status === 'signed-in'} />;
}

function CompanyScreen({ companyId, isSignedIn }: { companyId: string; isSignedIn: boolean }) {
  const { t } = useTranslation('marketplace');
  const company = useCompany({ companyId, queryConfig: { enabled: isSignedIn } });
  const isOwner = company.data?.is_owner === true;
  const products = useCompanyProducts({ companyId, enabled: isSignedIn });
  const sales = useCompanySales({ companyId, enabled: isOwner });
  useDocumentTitle(company.data?.nome ?? t('company.title'));

  // Spec §2: an unknown company says so and goes back to the list.
  const isNotFound = useLoadFailure(company, {
    notFound: 'company_not_found',
    fallback: 'error_loading_company',
  });

  if (company.isError && !company.data && !isNotFound) {
    return (
      <MarketplaceScreen title={t('company.title')} backTo="/companies">
        <CompanyLoadError onRetry={() => void company.refetch()} />
      </MarketplaceScreen>
    );
  }

  return (
    <MarketplaceScreen title={company.data?.nome ?? t('company.title')} backTo="/companies">
      <CompanyHeader company={company.data} />
      <ProductList
        companyId={companyId}
        isOwner={isOwner}
        // The buttons depend on who is looking: wait for the company before showing products.
        products={company.data ? products.data?.pages.flatMap((page) => page.items) : undefined}
        failed={products.isError}
        onRetry={() => void products.refetch()}
        hasMore={products.hasNextPage}
        isLoadingMore={products.isFetchingNextPage}
        onLoadMore={() => void products.fetchNextPage()}
      />
      {isOwner ? (
        <SalesList
          sales={sales.data?.pages.flatMap((page) => page.items)}
          failed={sales.isError}
          onRetry={() => void sales.refetch()}
          hasMore={sales.hasNextPage}
          isLoadingMore={sales.isFetchingNextPage}
          onLoadMore={() => void sales.fetchNextPage()}
        />
      ) : null}
    </MarketplaceScreen>
  );
}
