import type { CASH_DISPUTE_KINDS, TransactionDetail } from '@kreyolcash/domain';
import { useTranslation } from '@/lib/i18n';
import { disputeTransaction } from '../api/dispute-transaction';
import { ComplaintCard } from './complaint-card';

type CashReason = (typeof CASH_DISPUTE_KINDS)[keyof typeof CASH_DISPUTE_KINDS][number];

/**
 * A cash-out's or cash-in's complaint, by the customer: the reasons of cash the server offers
 * (`motivos_reclamacao`, none once complained or too late), then where the complaint stands.
 * Nothing for any other movement.
 */
export function CashComplaintCard({ transaction }: { transaction: TransactionDetail }) {
  const { t } = useTranslation('wallet');
  const reasons = transaction.motivos_reclamacao as CashReason[] | null | undefined;
  if (!reasons) return null;
  const agent = transaction.agente?.nome_comercial ?? t('detail.details.agent');
  return (
    <ComplaintCard<CashReason>
      transaction={transaction}
      testId="complaint"
      canOpen={reasons.length > 0}
      reasons={reasons.map((value) => ({ value, label: t(`complaint.reasons.${value}`) }))}
      texts={{
        title: t('complaint.title'),
        intro: t('complaint.intro'),
        open: t('complaint.open'),
        confirmTitle: t('complaint.confirmTitle', { agent }),
        reasonLegend: t('complaint.reasonLegend'),
        reasonRequired: t('complaint.reasonRequired'),
        descriptionLabel: t('complaint.descriptionLabel'),
        descriptionHint: t('complaint.descriptionHint'),
        send: t('complaint.send'),
        sending: t('complaint.sending'),
        cancel: t('complaint.cancel'),
        sentTitle: t('complaint.sentTitle'),
        sentBody: t('complaint.sentBody'),
      }}
      statusTexts={(report) => ({
        title: t('complaint.statusTitle'),
        state: t(`complaint.state.${report.status}`),
      })}
      send={(reason, description) =>
        // The form sends only once a reason is chosen.
        disputeTransaction(transaction.id, reason as CashReason, description)
      }
    />
  );
}
