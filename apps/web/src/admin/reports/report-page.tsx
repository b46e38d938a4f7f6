import type { AdminReport, AdminReportPerson, DisputeDecision } from '@kreyolcash/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { errorCodeOf } from '../api';
import { formatDateTime, formatKreyol, useAdminLocale, useAdminText } from '../i18n';
import { BackLink, WhenLoaded } from '../query-state';
import { ReasonField } from '../reason-field';
import {
  decisionsFor,
  heldCentisOf,
  isCashComplaint,
  paymentStateOf,
  refundCentisOf,
  refundedCentisOf,
} from './decisions';
import { useDecideReport, useReport } from './reports-api';
import { reportsTexts } from './texts';

/** One dispute: why, both people, the payment and where it stands, and the decisions that fit it. */
export function ReportPage() {
  const { id = '' } = useParams();
  const t = useAdminText(reportsTexts);
  const query = useReport(id);
  const back = <BackLink label={t('report.back')} />;
  return (
    <WhenLoaded query={query} back={back} errorText={(code) => t(`error.${code}`)}>
      {(data) => {
        const report = data.reclamacao;
        return (
          <section className="flex flex-col gap-4">
            {back}
            <div className="flex flex-col gap-1">
              <h1 className="text-xl font-bold text-slate-900">{t('report.title')}</h1>
              <p className="text-base font-semibold text-primary-800" data-testid="report-kind">
                {t(`kind.${report.tipo}`)}
              </p>
              <CashLine report={report} />
            </div>
            <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
              <div className="flex flex-col gap-4">
                <PaymentCard report={report} />
                <div className="grid gap-4 sm:grid-cols-2">
                  <PersonCard
                    title={isCashComplaint(report) ? t('field.customer') : t('field.payer')}
                    person={report.pagador}
                  />
                  <PersonCard
                    title={isCashComplaint(report) ? t('field.agent') : t('field.payee')}
                    person={report.recebedor}
                  />
                </div>
              </div>
              {report.status === 'aberta' ? (
                <DecisionCard report={report} />
              ) : (
                <DecidedCard report={report} />
              )}
            </div>
          </section>
        );
      }}
    </WhenLoaded>
  );
}

/** A cash-out or cash-in: which, at which agent (number and business name). */
function CashLine({ report }: { report: AdminReport }) {
  const t = useAdminText(reportsTexts);
  const { agente } = report;
  if (!agente || (report.movimentacao_tipo !== 'saque' && report.movimentacao_tipo !== 'deposito'))
    return null;
  return (
    <p className="text-base break-words text-slate-800" data-testid="report-cash">
      {t(`cash.${report.movimentacao_tipo}`, { numero: String(agente.numero), name: agente.nome_comercial })}
    </p>
  );
}

function Rows({ children }: { children: ReactNode }) {
  return <dl className="flex flex-col">{children}</dl>;
}
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col border-b border-slate-100 py-2 last:border-0">
      <dt className="text-xs font-semibold uppercase text-slate-500">{label}</dt>
      <dd className="break-words text-slate-800">{children}</dd>
    </div>
  );
}

function PaymentCard({ report }: { report: AdminReport }) {
  const t = useAdminText(reportsTexts);
  const { locale } = useAdminLocale();
  return (
    <Card className="p-4" data-testid="report-transfer">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-bold text-slate-900">{t('field.payment')}</h2>
        <p className="text-2xl font-extrabold tabular-nums text-slate-900">
          {formatKreyol(report.quantidade_centis, locale)}
        </p>
      </div>
      <Rows>
        <Row label={t('field.status')}>
          <span data-testid="report-status">{t(`status.${report.status}`)}</span>
        </Row>
        <Row label={t('field.paymentState')}>
          <span data-testid="report-payment-state">{t(`payment.${report.movimentacao_status}`)}</span>
        </Row>
        {report.pago_centis !== null ? (
          <Row label={t('field.paid')}>{formatKreyol(report.pago_centis, locale)}</Row>
        ) : null}
        <Row label={t('field.paymentAt')}>{formatDateTime(report.transferencia_em, locale)}</Row>
        <Row label={t('field.reported')}>{formatDateTime(report.criado_em, locale)}</Row>
        <Row label="ID">
          <span className="font-mono text-xs break-all">{report.movimentacao_id}</span>
        </Row>
        <Row label={t('field.description')}>
          {report.descricao ?? <span className="text-slate-500">{t('field.noDescription')}</span>}
        </Row>
      </Rows>
    </Card>
  );
}

function PersonCard({ title, person }: { title: string; person: AdminReportPerson }) {
  return (
    <Card className="flex flex-col gap-1 p-4">
      <h2 className="text-xs font-semibold uppercase text-slate-500">{title}</h2>
      <p className="text-base font-bold break-words text-slate-900">{person.nome}</p>
      <p className="text-sm break-words text-slate-700">{person.email}</p>
      <p className="text-sm text-slate-700">{person.telefone}</p>
    </Card>
  );
}

// The words of each decision: its button, what it does, and its confirmation. A held payment's
// refund and rejection do something else than a posted one's, so they say so.
function decisionWords(decision: DisputeDecision, held: boolean, cash: boolean) {
  if (cash && decision === 'refund')
    return { choose: 'report.refundFloat', explain: 'report.explain.refundFloat' };
  if (cash && decision === 'reject') return { choose: 'report.reject', explain: 'report.explain.rejectCash' };
  const heldRefund = held && decision === 'refund';
  return {
    choose: heldRefund ? 'report.refundHeld' : `report.${decision}`,
    explain: heldRefund
      ? 'report.explain.refundHeld'
      : held && decision === 'reject'
        ? 'report.explain.rejectHeld'
        : `report.explain.${decision}`,
  };
}

function DecisionCard({ report }: { report: AdminReport }) {
  const t = useAdminText(reportsTexts);
  const { locale } = useAdminLocale();
  const decide = useDecideReport(report.id);
  const [kind, setKind] = useState<DisputeDecision | null>(null);
  const [motivo, setMotivo] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const [amountText, setAmountText] = useState('');
  const [badAmount, setBadAmount] = useState(false);
  const failure = errorCodeOf(decide.error);
  const amount = formatKreyol(report.quantidade_centis, locale);
  const overdue = Date.parse(report.prazo_em) < Date.now();
  const held = paymentStateOf(report) === 'held';
  const cash = isCashComplaint(report);
  const decisions = decisionsFor(report);
  // Only a posted payment's refund is of a part: a held one goes back whole. A cash complaint's
  // refund comes from the agent's float, up to what the customer paid (a cash-out's fee included).
  const asksAmount = kind === 'refund' && (!held || cash);
  const maxCentis = report.pago_centis ?? report.quantidade_centis;
  const maxAmount = formatKreyol(maxCentis, locale);
  const refundCentis = asksAmount ? refundCentisOf(amountText, maxCentis) : null;
  const heldCentis = heldCentisOf(report);

  const choose = (next: DisputeDecision | null) => {
    decide.reset();
    setKind(next);
    setAmountText('');
    setBadAmount(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!kind) return;
    const noReason = !motivo.trim();
    const noAmount = asksAmount && refundCentis === null;
    setMissingReason(noReason);
    setBadAmount(noAmount);
    if (noReason || noAmount) return;
    decide.mutate({
      kind,
      motivo: motivo.trim(),
      ...(asksAmount && refundCentis !== null ? { quantidade_centis: refundCentis } : {}),
    });
  };

  const confirmLabel = () => {
    switch (kind) {
      case 'reverse':
        return t('report.confirmReverse', { amount });
      case 'refund':
        if (!asksAmount) return t('report.confirmRefundAmount', { amount });
        if (refundCentis === null) return t('report.confirmRefund');
        return t(cash ? 'report.confirmRefundFloat' : 'report.confirmRefundAmount', {
          amount: formatKreyol(refundCentis, locale),
        });
      case 'release':
        return t('report.confirmRelease', { amount });
      default:
        return t('report.confirmReject');
    }
  };

  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="report-decision">
      <p
        className={cn(
          'rounded-lg px-3 py-2 text-sm font-medium',
          heldCentis > 0 ? 'bg-amber-50 text-amber-900' : 'bg-slate-100 text-slate-700',
        )}
        data-testid="report-held"
      >
        {cash
          ? heldCentis > 0
            ? t('report.floatHeld', { amount: formatKreyol(heldCentis, locale) })
            : t('report.floatNotHeld')
          : held
            ? t('report.pending', { amount: formatKreyol(heldCentis, locale) })
            : heldCentis > 0
              ? t('report.held', { amount: formatKreyol(heldCentis, locale) })
              : t('report.notHeld')}
      </p>
      {report.agente ? (
        <p className="text-sm text-slate-700" data-testid="report-float-free">
          {t('report.floatFree', { amount: formatKreyol(report.agente.disponivel_centis, locale) })}
        </p>
      ) : null}
      <p className={cn('text-sm', overdue ? 'font-semibold text-accent-700' : 'text-slate-700')}>
        {t('field.deadline')}: {formatDateTime(report.prazo_em, locale)}
        {overdue ? ` · ${t('report.overdue')}` : null}
      </p>
      {failure ? (
        <p role="alert" className="text-sm font-medium text-accent-700">
          {t(`error.${failure}`)}
        </p>
      ) : null}
      {decisions.length === 0 ? (
        <p className="text-sm text-slate-700">{t('report.noDecision')}</p>
      ) : kind === null ? (
        <div className="grid gap-2">
          {decisions.map((decision) => (
            <Button
              key={decision}
              variant={decision === 'reject' ? 'outline' : 'secondary'}
              onClick={() => choose(decision)}
            >
              {t(decisionWords(decision, held, cash).choose)}
            </Button>
          ))}
        </div>
      ) : (
        <form className="flex flex-col gap-3" onSubmit={submit} noValidate data-testid="report-decision-form">
          <p className="text-sm font-medium text-slate-800">
            {t(decisionWords(kind, held, cash).explain, {
              amount: cash ? maxAmount : amount,
              numero: String(report.agente?.numero ?? ''),
            })}
          </p>
          {asksAmount ? (
            <Field
              label={t('report.refundAmount')}
              hint={t('report.refundAmountHint', { amount: maxAmount })}
              error={badAmount ? t('report.refundAmountInvalid', { amount: maxAmount }) : undefined}
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  autoComplete="off"
                  value={amountText}
                  onChange={(e) => {
                    setAmountText(e.target.value);
                    setBadAmount(false);
                  }}
                />
              )}
            </Field>
          ) : null}
          <ReasonField
            label={t('report.reasonLabel')}
            placeholder={t('report.reasonPlaceholder')}
            value={motivo}
            missing={missingReason}
            onChange={(value) => {
              setMotivo(value);
              setMissingReason(false);
            }}
          />
          <div className="grid gap-2">
            <Button type="submit" variant="primary" disabled={decide.isPending}>
              {confirmLabel()}
            </Button>
            <Button variant="ghost" disabled={decide.isPending} onClick={() => choose(null)}>
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

function DecidedCard({ report }: { report: AdminReport }) {
  const t = useAdminText(reportsTexts);
  const { locale } = useAdminLocale();
  const refunded = refundedCentisOf(report);
  const moved = refunded !== null || report.status === 'liberada';
  return (
    <Card
      className={cn('flex flex-col gap-2 p-4', moved ? 'border-emerald-300 bg-emerald-50' : 'bg-slate-50')}
    >
      <p role="status" className="font-semibold text-slate-900" data-testid="report-decided">
        {t('report.decidedBy', {
          status: t(`status.${report.status}`),
          name: report.operador_nome ?? t('report.system'),
          date: report.decidido_em ? formatDateTime(report.decidido_em, locale) : '—',
        })}
      </p>
      {refunded !== null ? (
        <p className="text-base font-semibold text-emerald-900" data-testid="report-refunded">
          {t(isCashComplaint(report) ? 'report.refundedFloat' : 'report.refunded', {
            amount: formatKreyol(refunded, locale),
          })}
        </p>
      ) : null}
      {report.status === 'liberada' ? (
        <p className="text-base font-semibold text-emerald-900" data-testid="report-released">
          {t('report.released', { amount: formatKreyol(report.quantidade_centis, locale) })}
        </p>
      ) : null}
      {report.decisao_motivo ? (
        <p className="text-sm text-slate-700">
          {t('common.reason')}: {report.decisao_motivo}
        </p>
      ) : null}
      {report.estorno_id ? (
        <p className="text-sm text-slate-700">
          {t('report.reversal')}: <span className="font-mono text-xs break-all">{report.estorno_id}</span>
        </p>
      ) : null}
    </Card>
  );
}
