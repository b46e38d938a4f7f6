import { formatKreyol, type StartedCashIn, wallClockOf } from '@kreyolcash/domain';
import { KeyRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { StepRefusal } from '@/components/ui/step-refusal';
import { useTranslation } from '@/lib/i18n';
import { useCancelCashIn, useWaitingCashIns } from '../api/cash-in';
import { CustomerPhoto } from './customer-photo';
import { deskRefusalOf } from './desk-errors';

/**
 * The cash-ins this agent started and has not finished: a desk reloaded, or reopened after the
 * phone died, finds them here, to type the code or give them up (the float's money is held until
 * then). Nothing shows when there are none.
 */
export function WaitingCashIns({ onResume }: { onResume: (cashIn: StartedCashIn) => void }) {
  const { t } = useTranslation('desk');
  const waiting = useWaitingCashIns();
  const cancel = useCancelCashIn();
  // One whose code ran out is over, even before the list is read again.
  const cashIns = (waiting.data?.depositos ?? []).filter((c) => new Date(c.expira_em).getTime() > Date.now());
  // Held money may be waiting: a list that could not be read says so, and is asked for again.
  if (waiting.isError) {
    return (
      <div className="flex flex-col gap-2">
        <StepRefusal refusal={deskRefusalOf(waiting.error, 'user_data_error')} />
        <Button variant="outline" onClick={() => void waiting.refetch()}>
          {t('cashIn.waitingRetry')}
        </Button>
      </div>
    );
  }
  if (cashIns.length === 0) return null;
  const failedId = cancel.isError ? cancel.variables : undefined;

  return (
    <section aria-labelledby="cash-ins-waiting-title" className="flex flex-col gap-3">
      <h2 id="cash-ins-waiting-title" className="text-xl font-bold text-slate-900">
        {t('cashIn.waitingTitle')}
      </h2>
      <p className="text-base text-slate-700">{t('cashIn.waitingIntro')}</p>
      <ul className="flex flex-col gap-3">
        {cashIns.map((cashIn) => {
          const name = cashIn.cliente.nome_completo;
          const isCancelling = cancel.isPending && cancel.variables === cashIn.movimentacao_id;
          return (
            <li key={cashIn.movimentacao_id}>
              <Card className="flex flex-col gap-4 p-4" data-testid="waiting-cash-in">
                <div className="flex items-start gap-3">
                  <CustomerPhoto name={name} photoUrl={cashIn.cliente.profile_photo_url} size="md" />
                  <div className="flex min-w-0 flex-col gap-1">
                    <p className="text-lg font-bold break-words text-slate-900">{name}</p>
                    <p className="text-2xl font-bold text-slate-900 tabular-nums">
                      {formatKreyol(cashIn.quantidade_centis)}
                    </p>
                    <p className="text-base text-slate-700">
                      {t('cashIn.waitingUntil', { time: wallClockOf(cashIn.expira_em).slice(11, 16) })}
                    </p>
                  </div>
                </div>
                <div className="flex flex-col gap-2">
                  <Button size="lg" disabled={cancel.isPending} onClick={() => onResume(cashIn)}>
                    <KeyRound aria-hidden="true" className="size-5" />
                    {t('cashIn.resume')}
                  </Button>
                  <Button
                    variant="outline"
                    size="lg"
                    disabled={cancel.isPending}
                    onClick={() => cancel.mutate(cashIn.movimentacao_id)}
                  >
                    {isCancelling ? <Spinner /> : null}
                    {isCancelling ? t('cashIn.cancelling') : t('cashIn.cancel')}
                  </Button>
                </div>
              </Card>
              {failedId === cashIn.movimentacao_id ? (
                <div className="mt-2">
                  <StepRefusal refusal={deskRefusalOf(cancel.error, 'transfer_processing_error')} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
