import { formatKreyol, type Purchase } from '@kreyolcash/domain';
import { HeldMoneyCard } from '@/components/ui/held-money-card';
import { useTranslation } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { useCancelPurchase } from '../api/cancel-purchase';
import { notifyMarketplaceError } from './marketplace-text';

/** The buyer's purchase of this product still waiting for its code: resume it, or cancel it. */
export function WaitingPurchase({ sale, onResume }: { sale: Purchase; onResume: () => void }) {
  const { t } = useTranslation('marketplace');
  const cancel = useCancelPurchase({
    onSuccess: () => notifySuccess(t('purchase.pending.cancelled')),
    onError: (error) => notifyMarketplaceError(error, { fallback: 'purchase_error' }),
  });
  return (
    <HeldMoneyCard
      title={t('purchase.pending.title')}
      body={t('purchase.pending.body', {
        product: sale.produto_nome,
        quantity: sale.quantidade,
        total: formatKreyol(sale.total_centis),
      })}
      enter={{ label: t('purchase.pending.resume'), onClick: onResume }}
      cancel={{
        label: t('purchase.pending.cancel'),
        busyLabel: t('purchase.pending.cancelling'),
        isBusy: cancel.isPending,
        onClick: () => cancel.mutate(sale.id),
      }}
    />
  );
}
