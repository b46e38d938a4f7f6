import { Store } from 'lucide-react';
import { Link, Navigate, useNavigate } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusPanel } from '@/components/ui/status-panel';
import { useMyCompany } from '@/features/marketplace/api/get-my-company';
import { CreateCompanyForm } from '@/features/marketplace/components/create-company-form';
import { MarketplaceScreen } from '@/features/marketplace/components/marketplace-screen';
import { RedirectToLogin } from '@/features/marketplace/components/redirect-to-login';
import { useMe } from '@/features/profile/api/get-me';
import { FrozenNotice } from '@/features/support/components/frozen-notice';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/hooks/use-session';
import { useTranslation } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';

export function CreateCompanyRoute() {
  const { t } = useTranslation('marketplace');
  const session = useSession();
  if (session.status === 'signed-out') {
    // A session that ended has its own toast; a visitor who never logged in gets the spec's one.
    return session.reason === 'expired' ? (
      <Navigate to="/login" replace />
    ) : (
      <RedirectToLogin message={t('createCompany.loginRequired')} />
    );
  }
  return <CreateCompanyScreen isSignedIn={session.status === 'signed-in'} />;
}

function CreateCompanyScreen({ isSignedIn }: { isSignedIn: boolean }) {
  const { t } = useTranslation('marketplace');
  const navigate = useNavigate();
  useDocumentTitle(t('createCompany.title'));
  const mine = useMyCompany({ queryConfig: { enabled: isSignedIn } });
  // A company acts in its owner's name: a frozen account opens none (account_frozen).
  const isFrozen = useMe({ queryConfig: { enabled: isSignedIn } }).data?.congelado === true;

  return (
    <MarketplaceScreen title={t('createCompany.title')} backTo="/companies">
      {mine.data ? (
        // One company per user (spec §5): this user has theirs already.
        <StatusPanel
          tone="info"
          icon={<Store aria-hidden="true" className="size-9" />}
          title={t('createCompany.alreadyTitle')}
          body={t('createCompany.alreadyBody')}
        >
          <Link
            to={`/company/${mine.data.id}`}
            className={buttonStyles({ variant: 'secondary', size: 'lg' })}
          >
            {t('createCompany.goToMine')}
          </Link>
        </StatusPanel>
      ) : isFrozen ? (
        <FrozenNotice body={t('createCompany.frozen')} />
      ) : mine.isPending ? (
        <Skeleton className="h-96 rounded-2xl" />
      ) : (
        <>
          <p className="text-base text-slate-700">{t('createCompany.subtitle')}</p>
          <CreateCompanyForm
            onCreated={(company) => {
              notifySuccess(t('success.title'), t('success.company_created'));
              void navigate(`/company/${company.id}`, { replace: true });
            }}
          />
        </>
      )}
    </MarketplaceScreen>
  );
}
