import { formatKreyol, type StartedCashOut } from '@kreyolcash/domain';
import { useTranslation } from '@/lib/i18n';

/** The terms the code confirms, as the server quoted them: agent, cash, fee and total held. */
export function QuoteSummary({ started }: { started: StartedCashOut }) {
  const { t } = useTranslation('agents');
  const { agente, cotacao } = started;
  const rows = [
    [t('cashOut.quote.agent'), `${agente.nome_comercial} (${t('agent.number', { number: agente.numero })})`],
    [t('cashOut.quote.cash'), formatKreyol(cotacao.recebe_centis)],
    [t('cashOut.quote.fee'), formatKreyol(cotacao.tarifa_centis)],
    [t('cashOut.quote.total'), formatKreyol(cotacao.total_centis)],
  ] as const;
  return (
    <section
      aria-label={t('cashOut.quote.title')}
      data-testid="cash-out-quote"
      className="rounded-2xl border border-primary-200 bg-primary-50 p-4"
    >
      <dl className="flex flex-col gap-1.5">
        {rows.map(([label, value], index) => (
          <div
            key={label}
            className={
              index === rows.length - 1
                ? 'flex flex-wrap justify-between gap-x-3 border-t border-primary-200 pt-1.5 text-lg font-bold'
                : 'flex flex-wrap justify-between gap-x-3 text-base'
            }
          >
            <dt className="text-slate-800">{label}</dt>
            <dd className="font-semibold break-words text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
