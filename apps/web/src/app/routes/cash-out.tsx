import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { CashOutWizard } from '@/features/agents/components/cash-out-wizard';
import { useMe } from '@/features/profile/api/get-me';
import { FrozenNotice } from '@/features/support/components/frozen-notice';
import { useWallet } from '@/features/wallet/api/get-wallet';
import { useWalletEvents } from '@/features/wallet/api/use-wallet-events';
import { WalletScreen } from '@/features/wallet/components/wallet-screen';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/hooks/use-session';
import { useTranslation } from '@/lib/i18n';

// "Retire lajan": a cash-out at an agent, chosen by number or from the list (?agent=10001).
export function CashOutRoute() {
  const { t } = useTranslation('agents');
  const navigate = useNavigate();
  const session = useSession();
  const [params] = useSearchParams();
  useDocumentTitle(t('cashOut.title'));
  const signedIn = session.status === 'signed-in';
  // The balance and the waiting cash-outs follow the ledger (a hand-over, an expiry) as it moves.
  useWalletEvents(signedIn ? session.userId : null);
  const me = useMe({ queryConfig: { enabled: signedIn } });
  const wallet = useWallet({ queryConfig: { enabled: signedIn } });

  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  // A frozen account takes no money out: it says so before an agent or an amount is typed.
  if (me.data?.congelado) {
    return (
      <WalletScreen title={t('cashOut.title')} back="/home">
        <FrozenNotice />
      </WalletScreen>
    );
  }
  if (!signedIn) {
    return (
      <WalletScreen title={t('cashOut.title')} back="/home">
        <Spinner className="mx-auto mt-10 size-8 text-primary-700" />
      </WalletScreen>
    );
  }
  return (
    <CashOutWizard
      agentNumber={params.get('agent')}
      available={wallet.data?.disponivel_centis}
      Frame={WalletScreen}
      onExit={() => navigate('/home')}
    />
  );
}
