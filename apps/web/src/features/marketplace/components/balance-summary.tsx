import { formatKreyol, type Wallet } from '@kreyolcash/domain';
import { Wallet as WalletIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useTranslation } from '@/lib/i18n';

type BalanceSummaryProps = { wallet: Wallet | undefined; failed: boolean; onRetry: () => void };

/** The buyer's balance, and what is free of pending operations when that differs. */
export function BalanceSummary({ wallet, failed, onRetry }: BalanceSummaryProps) {
  const { t } = useTranslation('marketplace');
  return (
    <section className="flex items-center gap-3 rounded-2xl bg-primary-700 px-4 py-3 text-white">
      <WalletIcon aria-hidden="true" className="size-6 shrink-0 text-primary-100" />
      <div className="flex min-w-0 flex-1 flex-col">
        <h2 className="text-sm font-medium text-primary-100">{t('purchase.balance')}</h2>
        {wallet ? (
          <>
            <p className="text-2xl font-extrabold tabular-nums" data-testid="purchase-balance">
              {formatKreyol(wallet.saldo_centis)}
            </p>
            {wallet.reservado_centis > 0 ? (
              <p className="text-sm text-primary-100">
                {t('purchase.available', { amount: formatKreyol(wallet.disponivel_centis) })}
              </p>
            ) : null}
          </>
        ) : failed ? (
          <p className="text-base font-semibold">{t('errors.balance_check_error')}</p>
        ) : (
          <Skeleton className="mt-1 h-7 w-32 bg-white/20" />
        )}
      </div>
      {failed && !wallet ? (
        <Button variant="inverse" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      ) : null}
    </section>
  );
}
