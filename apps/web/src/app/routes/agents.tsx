import { Navigate, useSearchParams } from 'react-router';
import { AgentsFinder } from '@/features/agents/components/agents-finder';
import { WalletScreen } from '@/features/wallet/components/wallet-screen';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/hooks/use-session';
import { useTranslation } from '@/lib/i18n';

// The "Ajan" screen: the agents of a commune (kept in the address as ?comuna=), each with its
// way to cash out there.
export function AgentsRoute() {
  const { t } = useTranslation('agents');
  const session = useSession();
  const [params, setParams] = useSearchParams();
  useDocumentTitle(t('title'));

  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  return (
    <WalletScreen title={t('title')} back="/home">
      <AgentsFinder
        commune={session.status === 'signed-in' ? params.get('comuna') : null}
        onCommune={(comuna) => setParams({ comuna }, { replace: true })}
      />
    </WalletScreen>
  );
}
