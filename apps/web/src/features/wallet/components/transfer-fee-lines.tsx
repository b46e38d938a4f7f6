import { formatKreyol } from '@kreyolcash/domain';
import { useTranslation } from '@/lib/i18n';

type TransferFeeLinesProps = { amountCentis: number; feeCentis: number };

/**
 * "Frè: ₭…" and "Total: ₭…", one under the other, inside whatever box the step draws. Nothing for
 * a free transfer: it reads exactly as before transfers had a fee.
 */
export function TransferFeeLines({ amountCentis, feeCentis }: TransferFeeLinesProps) {
  const { t } = useTranslation('wallet');
  if (feeCentis <= 0) return null;
  return (
    <>
      <span className="block text-base font-normal" data-testid="transfer-fee">
        {t('transfer.fee.fee', { fee: formatKreyol(feeCentis) })}
      </span>
      <span className="block font-bold" data-testid="transfer-total">
        {t('transfer.fee.total', { total: formatKreyol(amountCentis + feeCentis) })}
      </span>
    </>
  );
}
