import {
  type ExchangeRateResponse,
  type FeeBand,
  type FeeTableResponse,
  formatKreyol,
} from '@kreyolcash/domain';
import { useTranslation } from '@/lib/i18n';
import { formatBasisPoints, formatPercent } from '../figures';

/** A band's fee as published: a fixed part, a percentage of the amount, or both. */
function BandFee({ band }: { band: FeeBand }) {
  const { t } = useTranslation('agents');
  const fixed = formatKreyol(band.fixa_centis);
  if (band.percentual_bp === 0) return <>{fixed}</>;
  const percent = formatPercent(band.percentual_bp);
  return (
    <>
      {band.fixa_centis === 0
        ? t('fees.percentOnly', { percent })
        : t('fees.fixedPlusPercent', { fixed, percent })}
    </>
  );
}

/** One operation's table: its bands of amount (both ends included) and what each charges. */
function FeeTable({ table }: { table: FeeTableResponse }) {
  const { t } = useTranslation('agents');
  const headingId = `fees-${table.operacao}`;
  const last = table.faixas.at(-1);
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`fee-table-${table.operacao}`}
      className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        {t(`fees.operations.${table.operacao}`)}
      </h2>
      {last ? (
        <>
          <table className="w-full text-left text-base tabular-nums">
            <thead>
              <tr className="border-b border-slate-200 text-slate-700">
                <th scope="col" className="py-1.5 font-semibold">
                  {t('fees.amount')}
                </th>
                <th scope="col" className="py-1.5 text-right font-semibold">
                  {t('fees.fee')}
                </th>
              </tr>
            </thead>
            <tbody>
              {table.faixas.map((band) => (
                <tr key={band.de_centis} className="border-b border-slate-100 last:border-0">
                  <td className="py-1.5 text-slate-800">
                    {t('fees.band', {
                      from: formatKreyol(band.de_centis),
                      to: formatKreyol(band.ate_centis),
                    })}
                  </td>
                  <td className="py-1.5 text-right font-semibold text-slate-900">
                    <BandFee band={band} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="text-sm text-slate-700">{t('fees.above', { max: formatKreyol(last.ate_centis) })}</p>
          {table.operacao === 'saque' ? <p className="text-sm text-slate-700">{t('fees.feeOnTop')}</p> : null}
        </>
      ) : (
        <p className="text-base font-semibold text-emerald-800">{t('fees.free')}</p>
      )}
    </section>
  );
}

/** The "Frè" screen's body: every operation's table, how a percentage is rounded, and the rate. */
export function FeeTables({
  tables,
  rate,
}: {
  tables: FeeTableResponse[];
  rate: ExchangeRateResponse | undefined;
}) {
  const { t } = useTranslation('agents');
  const hasPercentage = tables.some((table) => table.faixas.some((band) => band.percentual_bp > 0));
  return (
    <>
      <p className="text-base text-slate-800">{t('fees.intro')}</p>
      {tables.map((table) => (
        <FeeTable key={table.operacao} table={table} />
      ))}
      {hasPercentage ? <p className="text-sm text-slate-700">{t('fees.rounding')}</p> : null}
      {rate ? (
        <section aria-labelledby="fees-rate" className="rounded-2xl bg-primary-50 p-4">
          <h2 id="fees-rate" className="text-lg font-bold text-slate-900">
            {t('fees.rateTitle')}
          </h2>
          <p className="text-base font-semibold text-primary-900 tabular-nums" data-testid="rate">
            {t('fees.rate', { htg: formatBasisPoints(rate.htg_por_kc_bp) })}
          </p>
        </section>
      ) : null}
    </>
  );
}
