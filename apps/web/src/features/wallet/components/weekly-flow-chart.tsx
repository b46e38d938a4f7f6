import { formatKreyol } from '@kreyolcash/domain';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useTranslation } from '@/lib/i18n';
import { useTransactionsSince } from '../api/get-transactions-since';
import { type WeekFlow, weeklyFlows, weekStarts } from './weekly-flows';

// A hand-drawn bar chart (inline SVG, no chart library: a few hundred bytes instead of ~50 KB).
const WIDTH = 288;
const BASELINE_Y = 96;
const BAR_AREA_HEIGHT = 88;
const BAR_WIDTH = 11;

/** "09/06" of "2025-06-09". */
function dayMonthOf(isoDate: string): string {
  return `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}`;
}

/** Money in and out per week over the last 8 weeks, from the completed movements. */
export function WeeklyFlowChart({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('wallet');
  const now = useMemo(() => new Date(), []);
  const sinceIsoDate = weekStarts(now)[0] ?? '';
  const query = useTransactionsSince({ sinceIsoDate, queryConfig: { enabled } });
  const flows = useMemo(
    () => (query.data ? weeklyFlows(query.data.items, now) : undefined),
    [query.data, now],
  );
  const totalIn = flows?.reduce((sum, week) => sum + week.inCentis, 0) ?? 0;
  const totalOut = flows?.reduce((sum, week) => sum + week.outCentis, 0) ?? 0;

  return (
    <Card className="p-4">
      <h2 id="flows-title" className="text-base font-bold text-slate-900">
        {t('statement.chart.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('statement.chart.caption')}</p>
      {flows ? (
        <>
          <p
            className="mt-2 flex flex-wrap gap-x-4 text-sm font-semibold tabular-nums"
            data-testid="flow-totals"
          >
            <span className="flex items-center gap-1.5 text-emerald-800">
              <span aria-hidden="true" className="size-2.5 rounded-sm bg-emerald-600" />
              {t('statement.chart.in')}: {formatKreyol(totalIn)}
            </span>
            <span className="flex items-center gap-1.5 text-accent-700">
              <span aria-hidden="true" className="size-2.5 rounded-sm bg-accent-600" />
              {t('statement.chart.out')}: {formatKreyol(totalOut)}
            </span>
          </p>
          <FlowBars flows={flows} />
          {query.data?.isComplete === false ? (
            <p className="text-xs text-slate-500">
              {t('statement.chart.partial', { count: query.data.items.length })}
            </p>
          ) : null}
        </>
      ) : query.isError ? (
        <div className="mt-2 flex h-[132px] flex-col items-center justify-center gap-2 text-center">
          <p className="text-sm text-slate-600">{t('statement.chart.error')}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <Skeleton className="mt-2 h-[132px] w-full" />
      )}
    </Card>
  );
}

function FlowBars({ flows }: { flows: WeekFlow[] }) {
  const { t } = useTranslation('wallet');
  const largest = Math.max(1, ...flows.flatMap((week) => [week.inCentis, week.outCentis]));
  const slot = WIDTH / flows.length;
  const heightOf = (centis: number) => (centis === 0 ? 0 : Math.max(2, (centis / largest) * BAR_AREA_HEIGHT));

  return (
    <figure className="mt-2">
      <svg viewBox={`0 0 ${WIDTH} 112`} className="h-auto w-full" aria-hidden="true" data-testid="flow-chart">
        <line x1={0} x2={WIDTH} y1={BASELINE_Y + 0.5} y2={BASELINE_Y + 0.5} className="stroke-slate-300" />
        {flows.map((week, index) => {
          const center = slot * index + slot / 2;
          const inHeight = heightOf(week.inCentis);
          const outHeight = heightOf(week.outCentis);
          return (
            <g key={week.startIsoDate}>
              <rect
                x={center - BAR_WIDTH - 1}
                y={BASELINE_Y - inHeight}
                width={BAR_WIDTH}
                height={inHeight}
                rx={2}
                className="fill-emerald-600"
              />
              <rect
                x={center + 1}
                y={BASELINE_Y - outHeight}
                width={BAR_WIDTH}
                height={outHeight}
                rx={2}
                className="fill-accent-600"
              />
              <text x={center} y={109} textAnchor="middle" className="fill-slate-500 text-[9px]">
                {dayMonthOf(week.startIsoDate)}
              </text>
            </g>
          );
        })}
      </svg>
      {/* The numbers behind the bars, for screen readers. */}
      <table className="sr-only">
        <caption>{t('statement.chart.title')}</caption>
        <tbody>
          {flows.map((week) => (
            <tr key={week.startIsoDate}>
              <th scope="row">{t('statement.chart.week', { date: dayMonthOf(week.startIsoDate) })}</th>
              <td>
                {t('statement.chart.in')}: {formatKreyol(week.inCentis)}
              </td>
              <td>
                {t('statement.chart.out')}: {formatKreyol(week.outCentis)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
