import {
  formatDateTime,
  formatKreyol,
  type Transaction,
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
import { reportTransfer } from '../api/report-transfer';
import { walletRefusalOf } from './wallet-errors';

const DESCRIPTION_MAX = 500;

const statusTints: Record<TransferReport['status'], string> = {
  aberta: 'bg-amber-100 text-amber-900',
  estornada: 'bg-sky-100 text-sky-900',
  reembolsada: 'bg-sky-100 text-sky-900',
  liberada: 'bg-slate-100 text-slate-800',
  rejeitada: 'bg-slate-100 text-slate-800',
  expirada: 'bg-slate-100 text-slate-800',
};

/**
 * A posted transfer's "wrong person" report: the payer may report it within 24 hours
 * (with a confirmation and an optional description); once reported, both people see where it
 * stands. Nothing for any other movement.
 */
export function TransferReportCard({ transaction }: { transaction: TransactionDetail }) {
  // A cash-out's or cash-in's complaint is the customer's own, whichever side paid: its own card.
  if (transaction.motivos_reclamacao) return null;
  // Another movement's detail starts without this one's refusal.
  return <ReportCards key={transaction.id} transaction={transaction} />;
}

function ReportCards({ transaction }: { transaction: TransactionDetail }) {
  // Held here rather than in the form: a refusal reloads the detail, which may then offer no
  // report (too late, reported already), and the reason must stay where the form was.
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  if (transaction.pode_reclamar && !transaction.reclamacao) {
    return <ReportOffer transaction={transaction} refusal={refusal} onRefusal={setRefusal} />;
  }
  return (
    <>
      <StepRefusal refusal={refusal} />
      {transaction.reclamacao ? (
        <ReportStatusCard transaction={transaction} report={transaction.reclamacao} />
      ) : null}
    </>
  );
}

function ReportStatusCard({ transaction, report }: { transaction: Transaction; report: TransferReport }) {
  const { t } = useTranslation('wallet');
  const side = transaction.type === 'sent' ? 'payer' : 'payee';
  const amount = formatKreyol(transaction.quantidade_centis);
  return (
    <Card className="flex flex-col gap-2 py-4" data-testid="report-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {/* The payee's side names a check, never a "wrong person": nobody is accused. */}
        <h2 className="text-base font-bold text-slate-900">
          {side === 'payer' ? t('report.statusTitle') : t('report.checkTitle')}
        </h2>
        <p
          className={cn('rounded-full px-3 py-1 text-sm font-bold', statusTints[report.status])}
          data-testid="report-status"
        >
          {t(`report.status.${report.status}`)}
        </p>
      </div>
      <p className="text-base text-slate-800">{t(`report.${side}.${report.status}`)}</p>
      {report.status === 'aberta' ? (
        <>
          <p className="text-sm text-slate-600">
            {report.retido ? t('report.held', { amount }) : t('report.notHeld')}
          </p>
          <p className="text-sm text-slate-600">
            {t('report.deadline', { date: formatDateTime(report.prazo_em) })}
          </p>
        </>
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

type ReportOfferProps = {
  transaction: Transaction;
  /** Why the server refused the report: shown in the form until the payer acts on it. */
  refusal: Refusal | null;
  onRefusal: (refusal: Refusal | null) => void;
};

function ReportOffer({ transaction, refusal, onRefusal }: ReportOfferProps) {
  const { t } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const descriptionId = useId();
  const [confirming, setConfirming] = useState(false);
  const [description, setDescription] = useState('');
  const report = useMutation({
    mutationFn: () => reportTransfer(transaction.id, description.trim() || undefined),
    onSuccess: () => {
      setConfirming(false);
      notifySuccess(t('report.sentTitle'), t('report.sentBody'));
    },
    onError: (error) => onRefusal(walletRefusalOf(error, 'transfer_processing_error')),
    // The detail shows the report (or, after a refusal, no longer offers one).
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  });
  const payee = transaction.destinatario_nome ?? transaction.destinatario_email ?? '';

  if (!confirming) {
    return (
      <Card className="flex flex-col gap-3 py-4" data-testid="report-offer">
        <h2 className="flex items-center gap-2 text-base font-bold text-slate-900">
          <ShieldAlert aria-hidden="true" className="size-5 text-amber-700" />
          {t('report.title')}
        </h2>
        <p className="text-base text-slate-700">{t('report.intro')}</p>
        <Button variant="outline" size="lg" onClick={() => setConfirming(true)}>
          {t('report.open')}
        </Button>
      </Card>
    );
  }
  return (
    <Card className="flex flex-col gap-3 border-amber-300 py-4" data-testid="report-confirm">
      <h2 className="text-base font-bold text-slate-900">{t('report.confirmTitle')}</h2>
      <p className="text-base text-slate-700">
        {t('report.confirmBody', { payee, amount: formatKreyol(transaction.quantidade_centis) })}
      </p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={descriptionId} className="text-base font-semibold text-slate-800">
          {t('report.descriptionLabel')}
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
          placeholder={t('report.descriptionHint')}
          className={cn(inputStyles, 'min-h-24 py-3 leading-snug')}
        />
      </div>
      <StepRefusal refusal={refusal} />
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button
          size="lg"
          disabled={report.isPending}
          onClick={() => {
            onRefusal(null);
            report.mutate();
          }}
          className="sm:flex-1"
        >
          {report.isPending ? t('report.sending') : t('report.send')}
        </Button>
        <Button
          variant="ghost"
          size="lg"
          disabled={report.isPending}
          onClick={() => {
            onRefusal(null);
            setConfirming(false);
          }}
          className="sm:flex-1"
        >
          {t('report.cancel')}
        </Button>
      </div>
    </Card>
  );
}
