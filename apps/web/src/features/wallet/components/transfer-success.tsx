import { formatKreyol } from '@kreyolcash/domain';
import { CircleCheckBig } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';
import { useTranslation } from '@/lib/i18n';
import { TransferFeeLines } from './transfer-fee-lines';

type TransferSuccessProps = { amountCentis: number; feeCentis: number; recipientName: string };

/** The end of the wizard: what was sent to whom (and its fee, if any), then the statement or home. */
export function TransferSuccess({ amountCentis, feeCentis, recipientName }: TransferSuccessProps) {
  const { t } = useTranslation('wallet');
  return (
    <StatusPanel
      tone="success"
      icon={<CircleCheckBig aria-hidden="true" className="size-10" />}
      title={t('transfer.success.title')}
      body={
        <>
          {t('transfer.success.body', { amount: formatKreyol(amountCentis), name: recipientName })}
          <TransferFeeLines amountCentis={amountCentis} feeCentis={feeCentis} />
        </>
      }
    >
      <Link to="/statement" className={buttonStyles({ size: 'lg' })}>
        {t('transfer.success.statement')}
      </Link>
      <Link to="/home" className={buttonStyles({ variant: 'outline', size: 'lg' })}>
        {t('transfer.success.home')}
      </Link>
    </StatusPanel>
  );
}
