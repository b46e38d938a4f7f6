import { type AgentDay, formatKreyol, todayIsoDate } from '@kreyolcash/domain';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { StepRefusal } from '@/components/ui/step-refusal';
import { useTranslation } from '@/lib/i18n';
import { useAgentDay } from '../api/agent-day';
import { deskRefusalOf } from './desk-errors';

/** The agent's own day (Haiti's calendar, today by default): what came in, went out, and the float. */
export function AgentDayView() {
  const { t } = useTranslation('desk');
  const today = todayIsoDate();
  const [day, setDay] = useState(today);
  // A cleared or half-typed date asks for nothing: the last day asked stays on the screen.
  const isDay = /^\d{4}-\d{2}-\d{2}$/.test(day);
  const report = useAgentDay(day, { enabled: isDay });

  return (
    <section aria-labelledby="day-title" className="flex flex-col gap-4">
      <h2 id="day-title" className="text-xl font-bold text-slate-900">
        {t('day.title')}
      </h2>
      <Field label={t('day.pick')} hint={t('day.pickHint')}>
        {(control) => (
          <Input
            {...control}
            type="date"
            max={today}
            value={day}
            onChange={(event) => setDay(event.target.value)}
          />
        )}
      </Field>
      {report.isError ? <StepRefusal refusal={deskRefusalOf(report.error, 'user_data_error')} /> : null}
      {report.isPending && isDay ? <Skeleton className="h-64 w-full" /> : null}
      {report.data ? <DayFigures day={report.data} /> : null}
    </section>
  );
}

function DayFigures({ day }: { day: AgentDay }) {
  const { t } = useTranslation('desk');
  const rows: Array<[string, string, string?]> = [
    [t('day.start'), formatKreyol(day.saldo_inicio_centis)],
    [t('day.cashIns', { count: day.depositos }), `−${formatKreyol(day.depositos_centis)}`, 'day-cash-ins'],
    [t('day.cashOuts', { count: day.saques }), `+${formatKreyol(day.saques_centis)}`, 'day-cash-outs'],
    [t('day.commissions'), `+${formatKreyol(day.comissoes_centis)}`],
  ];
  if (day.emitido_centis > 0) rows.push([t('day.issued'), `+${formatKreyol(day.emitido_centis)}`]);
  if (day.resgatado_centis > 0) rows.push([t('day.redeemed'), `−${formatKreyol(day.resgatado_centis)}`]);
  if (day.outros_centis !== 0) {
    const sign = day.outros_centis > 0 ? '+' : '−';
    rows.push([t('day.other'), `${sign}${formatKreyol(Math.abs(day.outros_centis))}`]);
  }
  return (
    <Card className="p-4">
      <dl className="flex flex-col divide-y divide-slate-200 text-base">
        {rows.map(([label, value, testId]) => (
          <div key={label} className="flex items-baseline justify-between gap-3 py-2" data-testid={testId}>
            <dt className="text-slate-700">{label}</dt>
            <dd className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
        <div className="flex items-baseline justify-between gap-3 pt-3" data-testid="day-end">
          <dt className="font-bold text-slate-900">{t('day.end')}</dt>
          <dd className="text-xl font-bold whitespace-nowrap text-slate-900 tabular-nums">
            {formatKreyol(day.saldo_fim_centis)}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
