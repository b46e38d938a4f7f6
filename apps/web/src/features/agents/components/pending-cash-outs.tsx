import { useTranslation } from '@/lib/i18n';
import { usePendingCashOuts } from '../api/cash-outs';
import { HeldCashOutCard } from './held-cash-out-card';

/** The customer's cash-outs waiting for their agent; nothing when there are none. */
export function PendingCashOuts() {
  const { t } = useTranslation('agents');
  const pending = usePendingCashOuts();
  if (!pending.data?.length) return null;
  return (
    <section aria-labelledby="pending-cash-outs" className="flex flex-col gap-3">
      <h2 id="pending-cash-outs" className="text-lg font-bold text-slate-900">
        {t('cashOut.pending.title')}
      </h2>
      <ul className="flex flex-col gap-3">
        {pending.data.map((held) => (
          <li key={held.movimentacao_id}>
            <HeldCashOutCard held={held} />
          </li>
        ))}
      </ul>
    </section>
  );
}
