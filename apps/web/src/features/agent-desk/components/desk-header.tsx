import { formatKreyol, type MyAgent } from '@kreyolcash/domain';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useExchangeRate } from '@/lib/exchange-rate';
import { useTranslation } from '@/lib/i18n';
import { notifyErrorText } from '@/lib/notify';
import { useSetListingPaused } from '../api/listing-pause';
import { deskErrorText } from './desk-errors';
import { formatHtgPerKc } from './rate';

/** On every desk view: the shop, what the float can give out, the ₭/HTG rate, and the listing. */
export function DeskHeader({ agent }: { agent: MyAgent }) {
  const { t } = useTranslation('desk');
  const rate = useExchangeRate();
  return (
    <section
      aria-label={t('header.label')}
      className="flex flex-col gap-2 rounded-2xl bg-primary-800 px-4 py-3 text-white"
      data-testid="desk-header"
    >
      <div className="flex items-baseline justify-between gap-3">
        <p className="min-w-0 text-base font-semibold break-words">{agent.agente.nome_comercial}</p>
        <p className="shrink-0 text-sm">{t('header.number', { number: agent.agente.numero })}</p>
      </div>
      <div>
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm">{t('header.float')}</p>
          <div
            className="rounded-lg bg-white/15 px-2 py-0.5 text-sm font-semibold whitespace-nowrap"
            data-testid="desk-rate"
          >
            {rate.data ? (
              t('header.rate', { htg: formatHtgPerKc(rate.data.htg_por_kc_bp) })
            ) : (
              <Skeleton className="h-4 w-28 bg-white/30" />
            )}
          </div>
        </div>
        <p className="text-3xl font-bold tabular-nums" data-testid="desk-float">
          {formatKreyol(agent.float.disponivel_centis)}
        </p>
        {agent.float.reservado_centis > 0 ? (
          <p className="text-sm">
            {t('header.held', { amount: formatKreyol(agent.float.reservado_centis) })}
          </p>
        ) : null}
      </div>
      <ListingStatus paused={agent.pausado_em !== null} />
    </section>
  );
}

/** Whether customers find the shop now, and the one button that changes it. */
function ListingStatus({ paused }: { paused: boolean }) {
  const { t } = useTranslation('desk');
  const setPaused = useSetListingPaused();
  return (
    <div className="flex items-center justify-between gap-3 border-t border-white/25 pt-2">
      <p className="min-w-0 text-sm" data-testid="listing-status">
        {paused ? t('listing.paused') : t('listing.open')}
      </p>
      <Button
        variant="inverse"
        className="whitespace-nowrap"
        disabled={setPaused.isPending}
        onClick={() =>
          setPaused.mutate(!paused, {
            onError: (error) => notifyErrorText(deskErrorText(error, 'transfer_processing_error')),
          })
        }
      >
        {setPaused.isPending ? <Spinner /> : null}
        {paused ? t('listing.resume') : t('listing.pause')}
      </Button>
    </div>
  );
}
