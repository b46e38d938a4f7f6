import type { OperatorDay } from '@kreyolcash/domain';
import { Card } from '@/components/ui/card';
import { formatKreyol, useAdminLocale, useAdminText } from '../i18n';
import { reconciliationTexts } from './texts';

const FIGURES = [
  ['issued', 'emitido_centis'],
  ['redeemed', 'resgatado_centis'],
  ['bonuses', 'bonus_centis'],
  ['adjustments', 'ajustes_centis'],
  ['fees', 'taxas_centis'],
  ['people', 'saldo_pessoas_centis'],
  ['floats', 'saldo_floats_centis'],
] as const satisfies readonly (readonly [string, keyof OperatorDay])[];

/** The operator's totals of the day, and whether the balances are the day's end or now. */
export function OperatorTotals({ totals, day }: { totals: OperatorDay; day: string }) {
  const t = useAdminText(reconciliationTexts);
  const { locale } = useAdminLocale();
  return (
    <Card className="p-4">
      <h2 className="mb-3 text-lg font-bold text-slate-900">
        {t('totals.title')} · {day}
      </h2>
      <dl
        className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3"
        data-testid="operator-totals"
      >
        {FIGURES.map(([key, field]) => (
          <div key={key} className="flex justify-between gap-3 border-b border-slate-100 py-1">
            <dt className="text-slate-600">{t(`totals.${key}`)}</dt>
            <dd className="font-semibold tabular-nums" data-testid={`total-${key}`}>
              {formatKreyol(totals[field], locale)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-slate-600">{t(`totals.${totals.saldos_em}`)}</p>
    </Card>
  );
}
