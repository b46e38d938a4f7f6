import type { OperatorDay } from '@kreyolcash/domain';
import { Card } from '@/components/ui/card';
import { formatKreyol, useAdminLocale, useAdminText } from '../i18n';
import { type CirculationLine, circulationSum, type FlowLine } from './circulation';
import { reconciliationTexts } from './texts';

type Row = { key: string; label: string; amount: string; total?: boolean };

/**
 * The operator's totals of the day as a sum: the money in circulation at the start, what came in
 * and went out, and the end (the day's end, or now).
 */
export function OperatorTotals({ totals, day }: { totals: OperatorDay; day: string }) {
  const t = useAdminText(reconciliationTexts);
  const { locale } = useAdminLocale();
  const sum = circulationSum(totals);
  const money = (centis: number) => formatKreyol(centis, locale);
  const rows = <L extends CirculationLine>(lines: L[], format: (line: L) => string): Row[] =>
    lines.map((line) => ({ key: line.key, label: t(`totals.${line.key}`), amount: format(line) }));
  const balance = (line: CirculationLine) => money(line.centis);
  // How a flow counts in the sum: "+ ₭10,00" or "− ₭10,00".
  const signed = (line: FlowLine) => `${line.sign} ${money(Math.abs(line.centis))}`;
  const total = (key: string, centis: number): Row => ({
    key,
    label: t('totals.total'),
    amount: money(centis),
    total: true,
  });
  return (
    <Card className="p-4">
      <h2 className="mb-1 text-lg font-bold text-slate-900">
        {t('totals.title')} · {day}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t('totals.intro')}</p>
      <div className="flex max-w-xl flex-col gap-4" data-testid="operator-totals">
        <Group
          title={t('totals.start')}
          rows={[...rows(sum.start, balance), total('start', sum.startTotal)]}
        />
        <Group title={t('totals.flows')} rows={rows(sum.flows, signed)} />
        <Group
          title={t(`totals.end.${totals.saldos_em}`)}
          rows={[...rows(sum.end, balance), total('end', sum.endTotal)]}
        />
      </div>
      <p className="mt-3 text-sm text-slate-600">{t(`totals.${totals.saldos_em}`)}</p>
    </Card>
  );
}

function Group({ title, rows }: { title: string; rows: Row[] }) {
  return (
    <section>
      <h3 className="mb-1 font-semibold text-slate-900">{title}</h3>
      <dl>
        {rows.map((row) => (
          <div
            key={row.key}
            className={`flex justify-between gap-3 border-b border-slate-100 py-1 ${row.total ? 'font-bold' : ''}`}
          >
            <dt className={row.total ? 'text-slate-900' : 'text-slate-600'}>{row.label}</dt>
            <dd className="whitespace-nowrap font-semibold tabular-nums" data-testid={`total-${row.key}`}>
              {row.amount}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
