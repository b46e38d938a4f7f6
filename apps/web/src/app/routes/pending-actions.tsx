import { formatKreyol } from '@kreyolcash/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HeldMoneyCard } from '@/components/ui/held-money-card';
import { cancelPurchase } from '@/features/marketplace/api/cancel-purchase';
import { usePendingPurchases } from '@/features/marketplace/api/get-pending-purchases';
import { cancelTransfer } from '@/features/wallet/api/cancel-transfer';
import { usePendingTransfers } from '@/features/wallet/api/get-pending-transfers';
import { notifyWalletError } from '@/features/wallet/components/wallet-errors';
import { useTranslation } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';

/**
 * On the detail of the caller's own movement waiting for its code: enter the code
 * (the transfer's or the purchase's code step, where a new code can be sent) or cancel, which
 * releases the money at once. Nothing for anyone else, or once the movement is over.
 */
export function PendingActions({ movementId, amountCentis }: { movementId: string; amountCentis: number }) {
  const { t } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const transfers = usePendingTransfers();
  const purchases = usePendingPurchases();
  const purchase = purchases.data?.find((p) => p.movimentacao_id === movementId);
  const transfer = transfers.data?.find((p) => p.movimentacao_id === movementId);
  const cancel = useMutation({
    mutationFn: () => (purchase ? cancelPurchase(purchase.id) : cancelTransfer(movementId)),
    onSuccess: () => notifySuccess(t('pending.cancelledTitle'), t('pending.cancelledBody')),
    // Already over (posted, cancelled or expired elsewhere): the refreshed detail says which.
    onError: (error) => notifyWalletError(error, 'transfer_processing_error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  });
  if (!purchase && !transfer) return null;
  const to = purchase
    ? `/purchase/${purchase.produto_id}/${purchase.empresa_id}?venda=${purchase.id}`
    : `/transfer?movimentacao=${movementId}`;
  return (
    <HeldMoneyCard
      title={t('pending.title')}
      body={t('pending.body', { amount: formatKreyol(amountCentis) })}
      enter={{ label: t('pending.enterCode'), to }}
      cancel={{
        label: t('pending.cancel'),
        busyLabel: t('pending.cancelling'),
        isBusy: cancel.isPending,
        onClick: () => cancel.mutate(),
      }}
    />
  );
}
