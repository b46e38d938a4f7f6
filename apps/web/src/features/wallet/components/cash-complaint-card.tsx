import {
  type CASH_DISPUTE_KINDS,
  formatDateTime,
  type TransactionDetail,
  type TransferReport,
} from '@kreyolcash/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { inputStyles } from '@/components/ui/input';
import { type Refusal, StepRefusal } from '@/components/ui/step-refusal';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { disputeTransaction } from '../api/dispute-transaction';
import { walletRefusalOf } from './wallet-errors';

const DESCRIPTION_MAX = 500;
type CashReason = (typeof CASH_DISPUTE_KINDS)[keyof typeof CASH_DISPUTE_KINDS][number];

const statusTints: Record<TransferReport['status'], string> = {
  aberta: 'bg-amber-100 text-amber-900',
  estornada: 'bg-sky-100 text-sky-900',
  reembolsada: 'bg-sky-100 text-sky-900',
  liberada: 'bg-slate-100 text-slate-800',
  rejeitada: 'bg-slate-100 text-slate-800',
  expirada: 'bg-slate-100 text-slate-800',
};

/**
 * A cash-out's or cash-in's complaint, by the customer: the reasons of cash the server offers
 * (`motivos_reclamacao`, none once complained or too late), then where the complaint stands.
 * Nothing for any other movement.
 */
export function CashComplaintCard({ transaction }: { transaction: TransactionDetail }) {
  // Another movement's detail starts without this one's refusal.
  return <ComplaintCards key={transaction.id} transaction={transaction} />;
}

function ComplaintCards({ transaction }: { transaction: TransactionDetail }) {
  // Kept here: a refusal reloads the detail, which may then offer nothing, and the reason stays.
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const reasons = transaction.motivos_reclamacao;
  if (!reasons) return null;
  if (transaction.reclamacao) return <ComplaintStatusCard report={transaction.reclamacao} />;
  if (reasons.length === 0) return <StepRefusal refusal={refusal} />;
  return (
    <ComplaintOffer
      transaction={transaction}
      reasons={reasons as CashReason[]}
      refusal={refusal}
      onRefusal={setRefusal}
    />
  );
}

function ComplaintStatusCard({ report }: { report: TransferReport }) {
  const { t } = useTranslation('wallet');
  return (
    <Card className="flex flex-col gap-2 py-4" data-testid="complaint-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-bold text-slate-900">{t('complaint.statusTitle')}</h2>
        <p
          className={cn('rounded-full px-3 py-1 text-sm font-bold', statusTints[report.status])}
          data-testid="complaint-status"
        >
          {t(`report.status.${report.status}`)}
        </p>
      </div>
      <p className="text-base text-slate-800">{t(`complaint.state.${report.status}`)}</p>
      {report.status === 'aberta' ? (
        <p className="text-sm text-slate-600">
          {t('report.deadline', { date: formatDateTime(report.prazo_em) })}
        </p>
      ) : report.decidido_em ? (
        <p className="text-sm text-slate-600">
          {t('report.decidedAt', { date: formatDateTime(report.decidido_em) })}
        </p>
      ) : null}
      {report.descricao ? (
        <p className="text-sm break-words text-slate-600">
          {t('report.yourWords', { text: report.descricao })}
        </p>
      ) : null}
    </Card>
  );
}

type OfferProps = {
  transaction: TransactionDetail;
  reasons: CashReason[];
  refusal: Refusal | null;
  onRefusal: (refusal: Refusal | null) => void;
};

function ComplaintOffer({ transaction, reasons, refusal, onRefusal }: OfferProps) {
  const { t } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const descriptionId = useId();
  const legendId = useId();
  const [writing, setWriting] = useState(false);
  const [reason, setReason] = useState<CashReason | null>(null);
  const [description, setDescription] = useState('');
  const complain = useMutation({
    mutationFn: (tipo: CashReason) =>
      disputeTransaction(transaction.id, tipo, description.trim() || undefined),
    onSuccess: () => {
      setWriting(false);
      notifySuccess(t('complaint.sentTitle'), t('complaint.sentBody'));
    },
    onError: (error) => onRefusal(walletRefusalOf(error, 'transfer_processing_error')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  });
  const agent = transaction.agente?.nome_comercial ?? t('detail.details.agent');

  if (!writing) {
    return (
      <Card className="flex flex-col gap-3 py-4" data-testid="complaint-offer">
        <h2 className="flex items-center gap-2 text-base font-bold text-slate-900">
          <ShieldAlert aria-hidden="true" className="size-5 text-amber-700" />
          {t('complaint.title')}
        </h2>
        <p className="text-base text-slate-700">{t('complaint.intro')}</p>
        <Button variant="outline" size="lg" onClick={() => setWriting(true)}>
          {t('complaint.open')}
        </Button>
      </Card>
    );
  }
  return (
    <Card className="flex flex-col gap-3 border-amber-300 py-4" data-testid="complaint-form">
      <h2 className="text-base font-bold break-words text-slate-900">
        {t('complaint.confirmTitle', { agent })}
      </h2>
      <fieldset className="flex flex-col gap-2" aria-labelledby={legendId}>
        <legend id={legendId} className="text-base font-semibold text-slate-800">
          {t('complaint.reasonLegend')}
        </legend>
        {reasons.map((kind) => (
          <label
            key={kind}
            className={cn(
              'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 text-base text-slate-800',
              reason === kind ? 'border-primary-600 bg-primary-50' : 'border-slate-300',
            )}
          >
            <input
              type="radio"
              name={`complaint-${transaction.id}`}
              value={kind}
              checked={reason === kind}
              onChange={() => {
                setReason(kind);
                onRefusal(null);
              }}
              className="size-5 shrink-0 accent-primary-600"
            />
            {t(`complaint.reasons.${kind}`)}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={descriptionId} className="text-base font-semibold text-slate-800">
          {t('complaint.descriptionLabel')}
        </label>
        <textarea
          id={descriptionId}
          rows={3}
          maxLength={DESCRIPTION_MAX}
          value={description}
          onChange={(event) => {
            setDescription(event.target.value);
            onRefusal(null);
          }}
          placeholder={t('complaint.descriptionHint')}
          className={cn(inputStyles, 'min-h-24 py-3 leading-snug')}
        />
      </div>
      <StepRefusal refusal={refusal} />
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button
          size="lg"
          disabled={complain.isPending}
          onClick={() => {
            if (!reason) {
              onRefusal({ text: t('complaint.reasonRequired') });
              return;
            }
            onRefusal(null);
            complain.mutate(reason);
          }}
          className="sm:flex-1"
        >
          {complain.isPending ? t('complaint.sending') : t('complaint.send')}
        </Button>
        <Button
          variant="ghost"
          size="lg"
          disabled={complain.isPending}
          onClick={() => {
            onRefusal(null);
            setWriting(false);
          }}
          className="sm:flex-1"
        >
          {t('complaint.cancel')}
        </Button>
      </div>
    </Card>
  );
}
