import { Navigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { FeeTables } from '@/features/agents/components/fee-tables';
import { WalletScreen } from '@/features/wallet/components/wallet-screen';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/hooks/use-session';
import { useExchangeRate } from '@/lib/exchange-rate';
import { useTranslation } from '@/lib/i18n';
import { useFees } from '@/lib/published-fees';

// The "Frè" screen: every operation's published fee table and the ₭/HTG rate.
export function FeesRoute() {
  const { t } = useTranslation('agents');
  const session = useSession();
  useDocumentTitle(t('fees.title'));
  const fees = useFees();
  const rate = useExchangeRate();

  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  return (
    <WalletScreen title={t('fees.title')} back="/home">
      {fees.data ? (
        <FeeTables tables={fees.data} rate={rate.data} />
      ) : fees.isError ? (
        <div className="flex flex-col gap-3">
          <p className="text-base text-slate-800">{t('fees.loadError')}</p>
          <Button variant="outline" onClick={() => void fees.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <>
          <Skeleton className="h-72 w-full rounded-2xl" />
          <Skeleton className="h-24 w-full rounded-2xl" />
        </>
      )}
    </WalletScreen>
  );
}
