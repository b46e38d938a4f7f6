import { type HistoryFilter, isHistoryFilter } from '@kreyolcash/domain';
import { Navigate, useSearchParams } from 'react-router';
import { useWalletEvents } from '@/features/wallet/api/use-wallet-events';
import { StatementList } from '@/features/wallet/components/statement-list';
import { StatementTabs } from '@/features/wallet/components/statement-tabs';
import { WalletScreen } from '@/features/wallet/components/wallet-screen';
import { WeeklyFlowChart } from '@/features/wallet/components/weekly-flow-chart';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/hooks/use-session';
import { useTranslation } from '@/lib/i18n';

export function StatementRoute() {
  const { t } = useTranslation('wallet');
  const session = useSession();
  // The tab lives in the address, so coming back from a transaction's detail finds it again.
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab');
  const filter: HistoryFilter = isHistoryFilter(tab) ? tab : 'all';
  useDocumentTitle(t('statement.title'));
  useWalletEvents(session.status === 'signed-in' ? session.userId : null);

  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  const isSignedIn = session.status === 'signed-in';
  const selectTab = (next: HistoryFilter) =>
    setSearchParams(next === 'all' ? {} : { tab: next }, { replace: true });

  return (
    <WalletScreen title={t('statement.title')} back="/home">
      <WeeklyFlowChart enabled={isSignedIn} />
      <StatementTabs value={filter} onChange={selectTab} />
      <StatementList filter={filter} enabled={isSignedIn} />
    </WalletScreen>
  );
}
