import { formatKreyol, type PendingTransfer } from '@kreyolcash/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HeldMoneyCard } from '@/components/ui/held-money-card';
import { useTranslation } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { cancelTransfer } from '../api/cancel-transfer';
import { notifyWalletError } from './wallet-errors';

/** On /transfer: each of the payer's transfers still waiting for its code, to resume or cancel. */
export function WaitingTransfers({
  transfers,
  onResume,
}: {
  transfers: PendingTransfer[];
  onResume: (transfer: PendingTransfer) => void;
}) {
  if (transfers.length === 0) return null;
  return (
    <div className="mb-5 flex flex-col gap-3">
      {transfers.map((transfer) => (
        <WaitingTransferCard key={transfer.movimentacao_id} transfer={transfer} onResume={onResume} />
      ))}
    </div>
  );
}

function WaitingTransferCard({
  transfer,
  onResume,
}: {
  transfer: PendingTransfer;
  onResume: (transfer: PendingTransfer) => void;
}) {
  const { t } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelTransfer(transfer.movimentacao_id),
    onSuccess: () => notifySuccess(t('pending.cancelledTitle'), t('pending.cancelledBody')),
    onError: (error) => notifyWalletError(error, 'transfer_processing_error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  });
  return (
    <HeldMoneyCard
      title={t('pending.resumeTitle')}
      body={t('pending.transfer', {
        amount: formatKreyol(transfer.quantidade_centis),
        name: transfer.destinatario_nome,
      })}
      enter={{ label: t('pending.enterCode'), onClick: () => onResume(transfer) }}
      cancel={{
        label: t('pending.cancel'),
        busyLabel: t('pending.cancelling'),
        isBusy: cancel.isPending,
        onClick: () => cancel.mutate(),
      }}
    />
  );
}
