import { AppError } from '@kreyolcash/domain';
import { ShieldAlert } from 'lucide-react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusPanel } from '@/components/ui/status-panel';
import { useCompany } from '@/features/marketplace/api/get-company';
import { CompanyLoadError } from '@/features/marketplace/components/company-load-error';
import { CreateServiceForm } from '@/features/marketplace/components/create-service-form';
import { MarketplaceScreen } from '@/features/marketplace/components/marketplace-screen';
import { notifyMarketplaceError } from '@/features/marketplace/components/marketplace-text';
import { useLoadFailure } from '@/features/marketplace/components/use-load-failure';
import { useMe } from '@/features/profile/api/get-me';
import { FrozenNotice } from '@/features/support/components/frozen-notice';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/hooks/use-session';
import { useTranslation } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';

export function CreateServiceRoute() {
  const session = useSession();
  const { companyId = '' } = useParams();
  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  return (
    <CreateServiceScreen key={companyId} companyId={companyId} isSignedIn={session.status === 'signed-in'} />
  );
}

function CreateServiceScreen({ companyId, isSignedIn }: { companyId: string; isSignedIn: boolean }) {
  const { t } = useTranslation('marketplace');
  const navigate = useNavigate();
  const company = useCompany({ companyId, queryConfig: { enabled: isSignedIn } });
  // A frozen owner adds nothing to their company (account_frozen); what it offers stays.
  const isFrozen = useMe({ queryConfig: { enabled: isSignedIn } }).data?.congelado === true;
  const companyPath = `/company/${companyId}`;
  useDocumentTitle(t('createService.title'));

  // Spec §8: "Erè" / "Konpani an pa jwenn", then the list; any other load failure says so.
  const isNotFound = useLoadFailure(company, {
    notFound: 'company_not_found',
    fallback: 'error_loading_company',
  });

  return (
    <MarketplaceScreen title={t('createService.title')} subtitle={company.data?.nome} backTo={companyPath}>
      {company.data ? (
        company.data.is_owner && isFrozen ? (
          <>
            <FrozenNotice body={t('createService.frozen')} />
            <Link to={companyPath} className={buttonStyles({ variant: 'outline', size: 'lg' })}>
              {t('common.back')}
            </Link>
          </>
        ) : company.data.is_owner ? (
          <CreateServiceForm
            companyId={companyId}
            onCreated={() => {
              notifySuccess(t('success.title'), t('success.service_created'));
              void navigate(companyPath, { replace: true });
            }}
            onFailed={(error) => {
              const isGone = AppError.from(error).code === 'company_not_found';
              notifyMarketplaceError(error, { fallback: 'service_creation_error' });
              if (isGone) void navigate('/companies', { replace: true });
            }}
          />
        ) : (
          <StatusPanel
            tone="error"
            icon={<ShieldAlert aria-hidden="true" className="size-9" />}
            title={t('createService.notOwnerTitle')}
            body={t('createService.notOwnerBody')}
          >
            <Link to={companyPath} className={buttonStyles({ variant: 'secondary', size: 'lg' })}>
              {t('common.back')}
            </Link>
          </StatusPanel>
        )
      ) : company.isError && !isNotFound ? (
        <CompanyLoadError onRetry={() => void company.refetch()} />
      ) : (
        <Skeleton className="h-[32rem] rounded-2xl" />
      )}
    </MarketplaceScreen>
  );
}
