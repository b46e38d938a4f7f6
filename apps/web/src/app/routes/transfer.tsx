import { Navigate, useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useMe } from '@/features/profile/api/get-me';
import { FrozenNotice } from '@/features/support/components/frozen-notice';
import { useWalletEvents } from '@/features/wallet/api/use-wallet-events';
import { TransferWizard } from '@/features/wallet/components/transfer-wizard';
import { WalletScreen } from '@/features/wallet/components/wallet-screen';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/hooks/use-session';
import { useTranslation } from '@/lib/i18n';

export function TransferRoute() {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const session = useSession();
  useDocumentTitle(t('transfer.title'));
  // The available balance on the amount step follows the ledger as it moves.
  useWalletEvents(session.status === 'signed-in' ? session.userId : null);
  // The payer's e-mail, so that typing it says "not to yourself" at once (the server says it too).
  const me = useMe({ queryConfig: { enabled: session.status === 'signed-in' } });

  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  // A frozen account sends nothing: it says so before a payee or an amount is typed.
  if (me.data?.congelado) {
    return (
      <WalletScreen title={t('transfer.title')} back="/home">
        <FrozenNotice />
      </WalletScreen>
    );
  }
  if (session.status === 'unknown') {
    return (
      <WalletScreen title={t('transfer.title')} back="/home">
        <Spinner className="mx-auto mt-10 size-8 text-primary-700" />
      </WalletScreen>
    );
  }
  return <TransferWizard onExit={() => navigate('/home')} ownEmail={me.data?.email} />;
}
