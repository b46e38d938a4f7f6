import { formatDateTime } from '@kreyolcash/domain';
import { Plus, Send, WifiOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import type { LastKnownBalance } from '../api/kept-balance';
import { BalanceCard } from './balance-card';

/**
 * The home without a network: the last balance the server sent, when it was true, and the money
 * actions disabled — no money moves offline.
 */
export function OfflineHome({ balance }: { balance: LastKnownBalance }) {
  const { t } = useTranslation('screens');
  return (
    <div className="min-h-dvh">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex min-h-15 max-w-md items-center px-4 py-2">
          <p className="text-lg font-bold text-slate-900">{t('home.title')}</p>
        </div>
      </header>
      <main className="mx-auto flex max-w-md flex-col gap-5 px-4 pt-4 pb-8">
        <h1 className="sr-only">{t('home.title')}</h1>
        <div
          role="status"
          className="flex gap-3 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
        >
          <WifiOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">{t('offline.notice')}</p>
            <p className="text-sm">{t('offline.savedAt', { date: formatDateTime(balance.savedAtMs) })}</p>
          </div>
        </div>
        <BalanceCard wallet={balance.wallet} />
        <p className="text-base text-slate-700">{t('offline.noMoneyMoves')}</p>
        <div className="flex flex-col gap-2">
          <Button variant="primary" size="lg" disabled>
            <Plus aria-hidden="true" className="size-5" />
            {t('home.newPayment')}
          </Button>
          <Button variant="outline" size="lg" disabled>
            <Send aria-hidden="true" className="size-5" />
            {t('home.shortcuts.transfer')}
          </Button>
        </div>
      </main>
    </div>
  );
}
