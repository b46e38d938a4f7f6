import { formatKreyol, type HeldCashOut, wallClockOf } from '@kreyolcash/domain';
import { Banknote } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { StepRefusal } from '@/components/ui/step-refusal';
import { useTranslation } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { useHandOver, useWaitingCashOuts } from '../api/cash-outs';
import { CustomerPhoto } from './customer-photo';
import { deskRefusalOf } from './desk-errors';

/** The cash-outs customers confirmed for this agent: whom to pay, how much cash, until when. */
export function WaitingCashOuts() {
  const { t } = useTranslation('desk');
  const waiting = useWaitingCashOuts();
  const handOver = useHandOver();
  const failedId = handOver.isError ? handOver.variables : undefined;

  return (
    <section aria-labelledby="cash-outs-title" className="flex flex-col gap-4">
      <h2 id="cash-outs-title" className="text-xl font-bold text-slate-900">
        {t('cashOuts.title')}
      </h2>
      <p className="text-base text-slate-700">{t('cashOuts.intro')}</p>
      {waiting.isPending ? <Skeleton className="h-40 w-full" /> : null}
      {waiting.isError ? <StepRefusal refusal={deskRefusalOf(waiting.error, 'user_data_error')} /> : null}
      {waiting.data?.saques.length === 0 ? (
        <p className="rounded-2xl bg-slate-100 p-4 text-base text-slate-700">{t('cashOuts.none')}</p>
      ) : null}
      <ul className="flex flex-col gap-3">
        {waiting.data?.saques.map((cashOut) => (
          <li key={cashOut.movimentacao_id}>
            <CashOutCard
              cashOut={cashOut}
              isBusy={handOver.isPending && handOver.variables === cashOut.movimentacao_id}
              disabled={handOver.isPending}
              onHandOver={() =>
                handOver.mutate(cashOut.movimentacao_id, {
                  onSuccess: () =>
                    notifySuccess(
                      t('cashOuts.doneTitle'),
                      t('cashOuts.doneBody', {
                        amount: formatKreyol(cashOut.quantidade_centis),
                        name: cashOut.cliente.nome_completo,
                      }),
                    ),
                })
              }
            />
            {failedId === cashOut.movimentacao_id ? (
              <div className="mt-2">
                <StepRefusal refusal={deskRefusalOf(handOver.error, 'transfer_processing_error')} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

type CashOutCardProps = { cashOut: HeldCashOut; isBusy: boolean; disabled: boolean; onHandOver: () => void };

function CashOutCard({ cashOut, isBusy, disabled, onHandOver }: CashOutCardProps) {
  const { t } = useTranslation('desk');
  const name = cashOut.cliente.nome_completo;
  return (
    <Card className="flex flex-col gap-4 p-4" data-testid="waiting-cash-out">
      <div className="flex items-start gap-3">
        <CustomerPhoto name={name} photoUrl={cashOut.cliente.profile_photo_url} size="md" />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-lg font-bold break-words text-slate-900">{name}</p>
          <p className="text-base text-slate-700">{t('cashOuts.give')}</p>
          <p className="text-2xl font-bold text-slate-900 tabular-nums">
            {formatKreyol(cashOut.quantidade_centis)}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-base text-slate-700">
        <dt>{t('cashOuts.fee')}</dt>
        <dd className="text-right font-semibold tabular-nums">{formatKreyol(cashOut.tarifa_centis)}</dd>
        <dt>{t('cashOuts.commission')}</dt>
        <dd className="text-right font-semibold tabular-nums">{formatKreyol(cashOut.comissao_centis)}</dd>
        <dt>{t('cashOuts.expires')}</dt>
        <dd className="text-right font-semibold tabular-nums">
          {wallClockOf(cashOut.expira_em).slice(11, 16)}
        </dd>
      </dl>
      <Button variant="secondary" size="lg" disabled={disabled} onClick={onHandOver}>
        {isBusy ? <Spinner /> : <Banknote aria-hidden="true" className="size-5" />}
        {isBusy ? t('cashOuts.handingOver') : t('cashOuts.handOver')}
      </Button>
    </Card>
  );
}
