import { formatKreyol, type HeldCashOut, wallClockOf } from '@kreyolcash/domain';
import { Hourglass } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import { notifyErrorText, notifySuccess } from '@/lib/notify';
import { useCancelCashOut } from '../api/cash-outs';
import { cashOutRefusalOf } from '../cash-out-refusals';

/** `HH:MM` in Haiti of an instant: a cash-out waits an hour at most, so the day goes without saying. */
export function haitiTimeOf(instant: string): string {
  return wallClockOf(instant).slice(11, 16);
}

type HeldCashOutCardProps = {
  held: HeldCashOut;
  /** The heading level of the card's title in its screen. */
  headingLevel?: 2 | 3;
  onCancelled?: () => void;
};

/** A cash-out held for its agent: what, where, until when, and the way to give it up. */
export function HeldCashOutCard({ held, headingLevel = 3, onCancelled }: HeldCashOutCardProps) {
  const { t } = useTranslation('agents');
  const cancel = useCancelCashOut();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const fee = formatKreyol(held.tarifa_centis);
  return (
    <section
      aria-label={t('cashOut.pending.item', {
        amount: formatKreyol(held.quantidade_centis),
        name: held.agente.nome_comercial,
        number: held.agente.numero,
      })}
      data-testid="held-cash-out"
      className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4"
    >
      <div className="flex items-start gap-3">
        <Hourglass aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-amber-700" />
        <div className="flex min-w-0 flex-col gap-1">
          <Heading className="text-lg font-bold break-words text-slate-900">
            {t('cashOut.pending.item', {
              amount: formatKreyol(held.quantidade_centis),
              name: held.agente.nome_comercial,
              number: held.agente.numero,
            })}
          </Heading>
          <p className="text-base break-words text-slate-800">
            {t('cashOut.pending.detail', { fee, time: haitiTimeOf(held.expira_em) })}
          </p>
        </div>
      </div>
      <Button
        variant="outline"
        size="lg"
        disabled={cancel.isPending}
        onClick={() =>
          cancel.mutate(held.movimentacao_id, {
            onSuccess: () => {
              notifySuccess(t('cashOut.pending.cancelled'), t('cashOut.pending.cancelledBody'));
              onCancelled?.();
            },
            onError: (error) => {
              const refusal = cashOutRefusalOf(error);
              if (refusal) notifyErrorText(refusal.text);
            },
          })
        }
      >
        {cancel.isPending ? <Spinner /> : null}
        {cancel.isPending ? t('cashOut.pending.cancelling') : t('cashOut.pending.cancel')}
      </Button>
    </section>
  );
}
