import { formatKreyol, type TransactionDetail } from '@kreyolcash/domain';
import { useTranslation } from '@/lib/i18n';
import { reportTransfer } from '../api/report-transfer';
import { ComplaintCard } from './complaint-card';

/**
 * A posted transfer's "wrong person" report: the payer may report it within 24 hours
 * (with a confirmation and an optional description); once reported, both people see where it
 * stands. Nothing for any other movement.
 */
export function TransferReportCard({ transaction }: { transaction: TransactionDetail }) {
  const { t } = useTranslation('wallet');
  // A cash-out's or cash-in's complaint is the customer's own, whichever side paid: its own card.
  if (transaction.motivos_reclamacao) return null;
  const side = transaction.type === 'sent' ? 'payer' : 'payee';
  const amount = formatKreyol(transaction.quantidade_centis);
  const payee = transaction.destinatario_nome ?? transaction.destinatario_email ?? '';
  return (
    <ComplaintCard
      transaction={transaction}
      testId="report"
      canOpen={transaction.pode_reclamar}
      reasons={[]}
      texts={{
        title: t('report.title'),
        intro: t('report.intro'),
        open: t('report.open'),
        confirmTitle: t('report.confirmTitle'),
        confirmBody: t('report.confirmBody', { payee, amount }),
        descriptionLabel: t('report.descriptionLabel'),
        descriptionHint: t('report.descriptionHint'),
        send: t('report.send'),
        sending: t('report.sending'),
        cancel: t('report.cancel'),
        sentTitle: t('report.sentTitle'),
        sentBody: t('report.sentBody'),
      }}
      statusTexts={(report) => ({
        // The payee's side names a check, never a "wrong person": nobody is accused.
        title: side === 'payer' ? t('report.statusTitle') : t('report.checkTitle'),
        state: t(`report.${side}.${report.status}`),
        held: report.retido ? t('report.held', { amount }) : t('report.notHeld'),
      })}
      send={(_reason, description) => reportTransfer(transaction.id, description)}
    />
  );
}
