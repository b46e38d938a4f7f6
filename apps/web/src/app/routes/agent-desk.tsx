import { Navigate } from 'react-router';
import { DeskScreen } from '@/features/agent-desk/components/desk-screen';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/hooks/use-session';
import { useTranslation } from '@/lib/i18n';

export function AgentDeskRoute() {
  const { t } = useTranslation('desk');
  const session = useSession();
  useDocumentTitle(t('title'));
  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  return <DeskScreen signedIn={session.status === 'signed-in'} />;
}
