import { useLocation } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { ConfirmEmailStatus } from '@/features/auth/components/confirm-email-status';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useTranslation } from '@/lib/i18n';

/** Target of the confirmation e-mail's link: `/confirm-email#token=…`. */
export function ConfirmEmailRoute() {
  const { t } = useTranslation('screens');
  useDocumentTitle(t('confirmEmail.title'));
  // In the fragment, the token never reaches a server log or a Referer header.
  const token = new URLSearchParams(useLocation().hash.slice(1)).get('token') ?? undefined;
  return (
    <AuthLayout title={t('confirmEmail.title')}>
      <ConfirmEmailStatus token={token} />
    </AuthLayout>
  );
}
