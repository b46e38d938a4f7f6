import { PackageX, Store } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { StatusPanel } from '@/components/ui/status-panel';
import { useBalance } from '@/features/marketplace/api/get-balance';
import { useProduct } from '@/features/marketplace/api/get-product';
import { MarketplaceScreen } from '@/features/marketplace/components/marketplace-screen';
import { PurchaseFlow } from '@/features/marketplace/components/purchase-flow';
import { RedirectToLogin } from '@/features/marketplace/components/redirect-to-login';
import { useLoadFailure } from '@/features/marketplace/components/use-load-failure';
import { useMe } from '@/features/profile/api/get-me';
import { FrozenNotice } from '@/features/support/components/frozen-notice';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/hooks/use-session';
import { useTranslation } from '@/lib/i18n';

export function PurchaseRoute() {
  const { t } = useTranslation('marketplace');
  const session = useSession();
  const { productId = '', companyId = '' } = useParams();
  if (session.status === 'signed-out') {
    // Spec §5: "Usuário não autenticado" (an ended session has its own toast already).
    return session.reason === 'expired' ? (
      <Navigate to="/login" replace />
    ) : (
      <RedirectToLogin message={t('purchase.notAuthenticated')} />
    );
  }
  return (
    <PurchaseScreen
      key={`${productId}/${companyId}`}
      productId={productId}
      companyId={companyId}
      isSignedIn={session.status === 'signed-in'}
    />
  );
}

type PurchaseScreenProps = { productId: string; companyId: string; isSignedIn: boolean };

function PurchaseScreen({ productId, companyId, isSignedIn }: PurchaseScreenProps) {
  const { t } = useTranslation('marketplace');
  useDocumentTitle(t('purchase.title'));
  const queryConfig = { enabled: isSignedIn };
  const product = useProduct({ productId, queryConfig });
  const wallet = useBalance({ queryConfig });
  // A frozen buyer learns it before choosing a quantity, not after the code is asked for.
  const isFrozen = useMe({ queryConfig }).data?.congelado === true;
  const companyPath = `/company/${companyId}`;

  // Spec §2: a product that is not there says so and goes to the list of companies.
  const isNotFound = useLoadFailure(product, {
    notFound: 'product_not_found',
    fallback: 'error_loading_product',
  });

  const content = product.data ? (
    product.data.empresa.is_owner ? (
      // Spec §6: nobody buys from their own company.
      <StatusPanel
        tone="info"
        icon={<Store aria-hidden="true" className="size-9" />}
        title={product.data.nome}
        body={t('purchase.ownCompany')}
      >
        <Link to={companyPath} className={buttonStyles({ variant: 'secondary', size: 'lg' })}>
          {t('purchase.done.backToCompany')}
        </Link>
      </StatusPanel>
    ) : isFrozen ? (
      <>
        <FrozenNotice />
        <Link to={companyPath} className={buttonStyles({ variant: 'outline', size: 'lg' })}>
          {t('purchase.done.backToCompany')}
        </Link>
      </>
    ) : wallet.isPending && !wallet.isError ? (
      <PurchaseLoading />
    ) : (
      <PurchaseFlow
        product={product.data}
        companyId={companyId}
        wallet={wallet.data}
        walletFailed={wallet.isError}
        onRetryWallet={() => void wallet.refetch()}
      />
    )
  ) : product.isError ? (
    <StatusPanel
      tone="error"
      icon={<PackageX aria-hidden="true" className="size-9" />}
      title={isNotFound ? t('errors.product_not_found') : t('purchase.loadErrorTitle')}
    >
      {isNotFound ? null : (
        <Button variant="secondary" size="lg" onClick={() => void product.refetch()}>
          {t('common.retry')}
        </Button>
      )}
    </StatusPanel>
  ) : (
    <PurchaseLoading />
  );

  return (
    <MarketplaceScreen title={t('purchase.title')} subtitle={product.data?.empresa.nome} backTo={companyPath}>
      {content}
    </MarketplaceScreen>
  );
}

/** Spec §2: a loading state first, shaped like the form that replaces it. */
function PurchaseLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <p className="flex items-center gap-2 text-base text-slate-600" role="status">
        <Spinner />
        {t('app.loading')}
      </p>
      <Skeleton className="h-16 rounded-2xl" />
      <Skeleton className="h-44 rounded-2xl" />
      <Skeleton className="h-20 rounded-2xl" />
    </div>
  );
}
