import { Navigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useLimits } from '@/features/wallet/api/get-limits';
import { LimitsPanel } from '@/features/wallet/components/limits-panel';
import { WalletScreen } from '@/features/wallet/components/wallet-screen';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/hooks/use-session';
import { useTranslation } from '@/lib/i18n';

// The "Limit" screen: the verification level, its limits, what is used today and this
// month, the maximum balance, and how to move up.
export function LimitsRoute() {
  const { t } = useTranslation('wallet');
  const session = useSession();
  useDocumentTitle(t('limits.title'));
  const limits = useLimits({ queryConfig: { enabled: session.status === 'signed-in' } });

  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  return (
    <WalletScreen title={t('limits.title')} back="/home">
      {limits.data ? (
        <LimitsPanel status={limits.data} />
      ) : limits.isError ? (
        <div className="flex flex-col gap-3">
          <p className="text-base text-slate-800">{t('limits.loadError')}</p>
          <Button variant="outline" onClick={() => void limits.refetch()}>
            {t('limits.retry')}
          </Button>
        </div>
      ) : (
        <>
          <Skeleton className="h-96 w-full rounded-2xl" />
          <Skeleton className="h-40 w-full rounded-2xl" />
        </>
      )}
    </WalletScreen>
  );
}
