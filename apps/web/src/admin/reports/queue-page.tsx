import { type AdminReport, REPORT_STATUSES, type ReportStatus } from '@kreyolcash/domain';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { AdminApiError } from '../api';
import { formatDateTime, formatKreyol, useAdminLocale, useAdminText } from '../i18n';
import { useReports } from './reports-api';
import { reportsTexts } from './texts';

const COLUMNS = 'lg:grid-cols-[1.6fr_1.6fr_1fr_1fr_1.2fr]';

/** Reports by status (open by default, soonest deadline first): both people, amount, held, deadline. */
export function QueuePage() {
  const t = useAdminText(reportsTexts);
  const [params, setParams] = useSearchParams();
  const asked = params.get('status') as ReportStatus | null;
  const status: ReportStatus = asked && REPORT_STATUSES.includes(asked) ? asked : 'aberta';
  const reports = useReports(status);
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-bold text-slate-900">{t('queue.title')}</h1>
        {reports.data ? (
          <p className="text-sm text-slate-600">
            {t('queue.count', { count: reports.data.reclamacoes.length })}
            {status === 'aberta' ? ` · ${t('queue.soonest')}` : null}
          </p>
        ) : null}
      </div>
      <div role="tablist" className="flex flex-wrap gap-2">
        {REPORT_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={s === status}
            onClick={() => setParams(s === 'aberta' ? {} : { status: s })}
            className={cn(
              'min-h-11 rounded-full border px-4 text-sm font-semibold',
              s === status
                ? 'border-primary-700 bg-primary-700 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:border-primary-600',
            )}
          >
            {t(`tab.${s}`)}
          </button>
        ))}
      </div>
      {reports.isPending ? (
        <Spinner />
      ) : reports.isError ? (
        <p role="alert" className="text-accent-700">
          {t(`error.${reports.error instanceof AdminApiError ? reports.error.code : 'unexpected_error'}`)}
        </p>
      ) : reports.data.reclamacoes.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700">{t('queue.empty')}</p>
      ) : (
        <>
          <div
            aria-hidden="true"
            className={cn(
              'hidden gap-3 px-4 text-xs font-semibold uppercase text-slate-500 lg:grid',
              COLUMNS,
            )}
          >
            <span>{t('field.payer')}</span>
            <span>{t('field.payee')}</span>
            <span>{t('field.amount')}</span>
            <span>{t('field.held')}</span>
            <span>{status === 'aberta' ? t('field.deadline') : t('field.status')}</span>
          </div>
          <ul className="flex flex-col gap-2" data-testid="reports-queue">
            {reports.data.reclamacoes.map((report) => (
              <QueueRow key={report.id} report={report} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function QueueRow({ report }: { report: AdminReport }) {
  const t = useAdminText(reportsTexts);
  const { locale } = useAdminLocale();
  const cell = 'flex min-w-0 gap-2 lg:block';
  const label = 'text-slate-500 lg:sr-only';
  const overdue = report.status === 'aberta' && Date.parse(report.prazo_em) < Date.now();
  return (
    <li>
      <Link
        to={report.id}
        data-testid="reports-queue-row"
        className={cn(
          'grid gap-1 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-800 hover:border-primary-600 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-primary-700 lg:items-center lg:gap-3',
          COLUMNS,
        )}
      >
        <span className={cell}>
          <span className={label}>{t('field.payer')}</span>
          <strong className="min-w-0 text-base break-words text-primary-800">{report.pagador.nome}</strong>
        </span>
        <span className={cell}>
          <span className={label}>{t('field.payee')}</span>
          <span className="min-w-0 break-words">{report.recebedor.nome}</span>
        </span>
        <span className={cell}>
          <span className={label}>{t('field.amount')}</span>
          <span className="font-semibold tabular-nums">{formatKreyol(report.quantidade_centis, locale)}</span>
        </span>
        <span className={cell}>
          <span className={label}>{t('field.held')}</span>
          <span className="tabular-nums">{formatKreyol(report.retido_centis, locale)}</span>
        </span>
        <span className={cell}>
          <span className={label}>
            {report.status === 'aberta' ? t('field.deadline') : t('field.status')}
          </span>
          {report.status === 'aberta' ? (
            <span className={overdue ? 'font-semibold text-accent-700' : undefined}>
              {formatDateTime(report.prazo_em, locale)}
            </span>
          ) : (
            t(`status.${report.status}`)
          )}
        </span>
      </Link>
    </li>
  );
}
