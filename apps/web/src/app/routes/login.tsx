import { Navigate, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { TextLink } from '@/components/ui/text-link';
import { LoginForm } from '@/features/auth/components/login-form';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/hooks/use-session';
import { useTranslation } from '@/lib/i18n';

export function LoginRoute() {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('screens');
  const navigate = useNavigate();
  const session = useSession();
  useDocumentTitle(ts('login.title'));

  // Already signed in (a session restored from the cookie): straight to the wallet.
  if (session.status === 'signed-in') return <Navigate to="/home" replace />;

  return (
    <AuthLayout title={ts('login.title')} subtitle={ts('login.subtitle')}>
      <LoginForm onSuccess={() => navigate('/home', { replace: true })} />
      <p className="mt-2 text-center">
        <TextLink to="/" tone="muted">
          {t('common.backHome')}
        </TextLink>
      </p>
    </AuthLayout>
  );
}
