import { Navigate, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { TextLink } from '@/components/ui/text-link';
import { InvitedBy } from '@/features/registration/components/invited-by';
import { RegistrationWizard } from '@/features/registration/components/registration-wizard';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { forgetReferralCode, useReferralCode } from '@/hooks/use-referral-code';
import { useSession } from '@/hooks/use-session';
import { useTranslation } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';

type EmailConfirmationState = { email: string };

export function RegisterRoute() {
  const { t } = useTranslation('screens');
  const navigate = useNavigate();
  const session = useSession();
  const referralCode = useReferralCode();
  useDocumentTitle(t('register.title'));

  if (session.status === 'signed-in') return <Navigate to="/home" replace />;

  return (
    <AuthLayout title={t('register.title')}>
      <InvitedBy code={referralCode} />
      <RegistrationWizard
        referralCode={referralCode}
        onRegistered={(email) => {
          forgetReferralCode();
          notifySuccess(t('success.account_created_bonus'));
          const state: EmailConfirmationState = { email };
          void navigate('/email-confirmation', { state });
        }}
      />
      <p className="mt-4 flex flex-wrap items-center justify-center gap-x-2 text-base text-slate-700">
        <span>{t('register.haveAccount')}</span>
        <TextLink to="/login">{t('register.login')}</TextLink>
      </p>
    </AuthLayout>
  );
}
