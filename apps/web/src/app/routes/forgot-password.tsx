import { Navigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/hooks/use-session';
import { useTranslation } from '@/lib/i18n';

export function ForgotPasswordRoute() {
  const { t } = useTranslation('screens');
  const session = useSession();
  useDocumentTitle(t('forgotPassword.title'));

  if (session.status === 'signed-in') return <Navigate to="/home" replace />;
  return (
    <AuthLayout title={t('forgotPassword.title')} subtitle={t('forgotPassword.subtitle')}>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
