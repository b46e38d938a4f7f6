import { AppError } from '@kreyolcash/domain';
import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useTransaction } from '@/features/wallet/api/get-transaction';
import { useWalletEvents } from '@/features/wallet/api/use-wallet-events';
import { CashComplaintCard } from '@/features/wallet/components/cash-complaint-card';
import {
  TransactionAmountCard,
  TransactionDetailsCard,
  TransactionNotesCard,
  TransactionSummaryCard,
} from '@/features/wallet/components/transaction-detail-cards';
import { TransferReportCard } from '@/features/wallet/components/transfer-report-card';
import { notifyWalletError } from '@/features/wallet/components/wallet-errors';
import { WalletScreen } from '@/features/wallet/components/wallet-screen';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/hooks/use-session';
import { useTranslation } from '@/lib/i18n';
import { PendingActions } from './pending-actions';

export function TransactionDetailRoute() {
  const { t } = useTranslation('wallet');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const isSignedIn = session.status === 'signed-in';
  useDocumentTitle(t('detail.title'));
  // A pending transfer turns completed or cancelled in place.
  useWalletEvents(isSignedIn ? session.userId : null);
  const query = useTransaction({
    id,
    queryConfig: {
      enabled: isSignedIn,
      // A movement that is not there will not appear on a second try.
      retry: (failures, error) => AppError.from(error).code !== 'transaction_not_found' && failures < 1,
    },
  });

  useEffect(() => {
    if (!query.error) return;
    notifyWalletError(query.error, 'error_loading_transactions');
    if (AppError.from(query.error).code === 'transaction_not_found')
      void navigate('/statement', { replace: true });
  }, [query.error, navigate]);

  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  const transaction = query.data;

  return (
    <WalletScreen title={t('detail.title')} back="/statement">
      {transaction ? (
        <>
          <TransactionSummaryCard transaction={transaction} />
          {transaction.status === 'pendente' ? (
            <PendingActions movementId={transaction.id} amountCentis={transaction.quantidade_centis} />
          ) : null}
          <TransferReportCard transaction={transaction} />
          <CashComplaintCard transaction={transaction} />
          <TransactionDetailsCard transaction={transaction} />
          <TransactionAmountCard transaction={transaction} />
          {transaction.observacoes ? <TransactionNotesCard notes={transaction.observacoes} /> : null}
        </>
      ) : query.isError ? (
        <div className="flex flex-col items-center gap-3 py-8 text-center">
          <p className="text-base text-slate-600">{t('errors.error_loading_transactions')}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <div aria-busy="true" className="flex flex-col gap-5">
          <Skeleton className="h-52 w-full rounded-2xl" />
          <Skeleton className="h-56 w-full rounded-2xl" />
          <Skeleton className="h-44 w-full rounded-2xl" />
        </div>
      )}
      <Link to="/statement" className={buttonStyles({ variant: 'outline', size: 'lg' })}>
        {t('detail.backToStatement')}
      </Link>
    </WalletScreen>
  );
}
