import type { AdminReport, AdminReportPerson } from '@kreyolcash/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { errorCodeOf } from '../api';
import { formatDateTime, formatKreyol, useAdminLocale, useAdminText } from '../i18n';
import { BackLink, WhenLoaded } from '../query-state';
import { ReasonField } from '../reason-field';
import { type Decision, useDecideReport, useReport } from './reports-api';
import { reportsTexts } from './texts';

/** One report: both people, the transfer, what is held until when, and the decision. */
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
            <h1 className="text-xl font-bold text-slate-900">{t('report.title')}</h1>
            <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
              <div className="flex flex-col gap-4">
                <TransferCard report={report} />
                <div className="grid gap-4 sm:grid-cols-2">
                  <PersonCard title={t('field.payer')} person={report.pagador} />
                  <PersonCard title={t('field.payee')} person={report.recebedor} />
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

function TransferCard({ report }: { report: AdminReport }) {
  const t = useAdminText(reportsTexts);
  const { locale } = useAdminLocale();
  return (
    <Card className="p-4" data-testid="report-transfer">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-bold text-slate-900">{t('field.transfer')}</h2>
        <p className="text-2xl font-extrabold tabular-nums text-slate-900">
          {formatKreyol(report.quantidade_centis, locale)}
        </p>
      </div>
      <Rows>
        <Row label={t('field.status')}>
          <span data-testid="report-status">{t(`status.${report.status}`)}</span>
        </Row>
        <Row label={t('field.transferAt')}>{formatDateTime(report.transferencia_em, locale)}</Row>
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

function DecisionCard({ report }: { report: AdminReport }) {
  const t = useAdminText(reportsTexts);
  const { locale } = useAdminLocale();
  const decide = useDecideReport(report.id);
  const [kind, setKind] = useState<Decision['kind'] | null>(null);
  const [motivo, setMotivo] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const failure = errorCodeOf(decide.error);
  const amount = formatKreyol(report.quantidade_centis, locale);
  const overdue = Date.parse(report.prazo_em) < Date.now();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!kind) return;
    if (!motivo.trim()) {
      setMissingReason(true);
      return;
    }
    decide.mutate({ kind, motivo: motivo.trim() });
  };

  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="report-decision">
      <p
        className={cn(
          'rounded-lg px-3 py-2 text-sm font-medium',
          report.retido_centis > 0 ? 'bg-amber-50 text-amber-900' : 'bg-slate-100 text-slate-700',
        )}
        data-testid="report-held"
      >
        {report.retido_centis > 0
          ? t('report.held', { amount: formatKreyol(report.retido_centis, locale) })
          : t('report.notHeld')}
      </p>
      <p className={cn('text-sm', overdue ? 'font-semibold text-accent-700' : 'text-slate-700')}>
        {t('field.deadline')}: {formatDateTime(report.prazo_em, locale)}
        {overdue ? ` · ${t('report.overdue')}` : null}
      </p>
      {failure ? (
        <p role="alert" className="text-sm font-medium text-accent-700">
          {t(`error.${failure}`)}
        </p>
      ) : null}
      {kind === null ? (
        <div className="grid gap-2">
          <Button variant="secondary" onClick={() => setKind('reverse')}>
            {t('report.reverse')}
          </Button>
          <Button variant="outline" onClick={() => setKind('reject')}>
            {t('report.reject')}
          </Button>
        </div>
      ) : (
        <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
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
              {kind === 'reverse' ? t('report.confirmReverse', { amount }) : t('report.confirmReject')}
            </Button>
            <Button variant="ghost" disabled={decide.isPending} onClick={() => setKind(null)}>
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
  const reversed = report.status === 'estornada';
  return (
    <Card
      className={cn('flex flex-col gap-2 p-4', reversed ? 'border-emerald-300 bg-emerald-50' : 'bg-slate-50')}
    >
      <p role="status" className="font-semibold text-slate-900" data-testid="report-decided">
        {t('report.decidedBy', {
          status: t(`status.${report.status}`),
          name: report.operador_nome ?? t('report.system'),
          date: report.decidido_em ? formatDateTime(report.decidido_em, locale) : '—',
        })}
      </p>
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
