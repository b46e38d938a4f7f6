import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AuthLayout } from '@/components/layouts/auth-layout';
import {
  InvalidResetLink,
  ResetPasswordForm,
  type ResetTokens,
} from '@/features/auth/components/reset-password-form';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useTranslation } from '@/lib/i18n';

/** The reset e-mail's link: `/reset-password#access_token=…&refresh_token=…&type=recovery`. */
function tokensOf(hash: string): ResetTokens | undefined {
  const params = new URLSearchParams(hash.slice(1));
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  return accessToken && refreshToken ? { accessToken, refreshToken } : undefined;
}

export function ResetPasswordRoute() {
  const { t } = useTranslation('screens');
  const navigate = useNavigate();
  const tokens = tokensOf(useLocation().hash);
  useDocumentTitle(t('resetPassword.title'));

  // Without both tokens there is nothing to reset: say so, and offer a new link (spec §2).
  const hasTokens = tokens !== undefined;
  useEffect(() => {
    if (hasTokens) return;
    toast.error(t('resetPassword.invalidTitle'), {
      description: t('resetPassword.invalidBody'),
      id: 'invalid-reset-link',
    });
    void navigate('/forgot-password', { replace: true });
  }, [hasTokens, navigate, t]);

  const goToLogin = useCallback(() => navigate('/login', { replace: true }), [navigate]);
  return (
    <AuthLayout title={t('resetPassword.title')} subtitle={t('resetPassword.subtitle')}>
      {tokens ? <ResetPasswordForm tokens={tokens} onDone={goToLogin} /> : <InvalidResetLink />}
    </AuthLayout>
  );
}
