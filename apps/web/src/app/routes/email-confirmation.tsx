import { useLocation } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { EmailConfirmationNotice } from '@/features/auth/components/email-confirmation-notice';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useTranslation } from '@/lib/i18n';

function emailOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('email' in state)) return undefined;
  return typeof state.email === 'string' ? state.email : undefined;
}

/** After sign-up: where the link went, a way to send it again, and the way to the login. */
export function EmailConfirmationRoute() {
  const { t } = useTranslation('screens');
  // The address comes with the navigation from the wizard (history state survives a reload).
  const email = emailOf(useLocation().state);
  useDocumentTitle(t('emailConfirmation.title'));
  return (
    <AuthLayout title={t('emailConfirmation.title')}>
      <EmailConfirmationNotice email={email} />
    </AuthLayout>
  );
}
