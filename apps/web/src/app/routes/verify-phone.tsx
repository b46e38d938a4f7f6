import { useCallback } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { PhoneProofForm } from '@/features/phone-proof/components/phone-proof-form';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/hooks/use-session';
import { useTranslation } from '@/lib/i18n';

/** /verify-phone: the sign-up phone proven by its WhatsApp code, before any money moves. */
export function VerifyPhoneRoute() {
  const { t } = useTranslation('screens');
  const session = useSession();
  const navigate = useNavigate();
  useDocumentTitle(t('phoneProof.title'));
  const onProven = useCallback(() => void navigate('/home', { replace: true }), [navigate]);

  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  return (
    <AuthLayout title={t('phoneProof.title')} subtitle={t('phoneProof.subtitle')}>
      {session.status === 'signed-in' ? <PhoneProofForm onProven={onProven} /> : null}
    </AuthLayout>
  );
}
