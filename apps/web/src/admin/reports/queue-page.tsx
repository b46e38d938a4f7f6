import { type AdminReport, REPORT_STATUSES } from '@kreyolcash/domain';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { formatDateTime, formatKreyol, useAdminLocale, useAdminText } from '../i18n';
import { StatusQueue, useStatusTabs } from '../status-queue';
import { heldCentisOf } from './decisions';
import { useReports } from './reports-api';
import { reportsTexts } from './texts';

const COLUMNS = 'lg:grid-cols-[1.4fr_1.4fr_1.4fr_1fr_1fr_1.2fr]';

/**
 * Disputes by status (open by default, soonest deadline first): both people, why, the amount, what
 * is held, the deadline.
 */
export function QueuePage() {
  const t = useAdminText(reportsTexts);
  const tabs = useStatusTabs(REPORT_STATUSES);
  const reports = useReports(tabs.status);
  return (
    <StatusQueue
      t={t}
      tabs={tabs}
      query={reports}
      items={(page) => page.reclamacoes}
      defaultOrder="queue.soonest"
    >
      {(rows) => (
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
            <span>{t('field.kind')}</span>
            <span>{t('field.amount')}</span>
            <span>{t('field.held')}</span>
            <span>{tabs.status === 'aberta' ? t('field.deadline') : t('field.status')}</span>
          </div>
          <ul className="flex flex-col gap-2" data-testid="reports-queue">
            {rows.map((report) => (
              <QueueRow key={report.id} report={report} />
            ))}
          </ul>
        </>
      )}
    </StatusQueue>
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
          <span className={label}>{t('field.kind')}</span>
          <span className="min-w-0 break-words" data-testid="reports-queue-kind">
            {t(`kind.${report.tipo}`)}
            {report.agente &&
            (report.movimentacao_tipo === 'saque' || report.movimentacao_tipo === 'deposito') ? (
              <span className="block text-slate-600" data-testid="reports-queue-cash">
                {t(`cash.${report.movimentacao_tipo}`, {
                  numero: String(report.agente.numero),
                  name: report.agente.nome_comercial,
                })}
              </span>
            ) : null}
          </span>
        </span>
        <span className={cell}>
          <span className={label}>{t('field.amount')}</span>
          <span className="font-semibold tabular-nums">{formatKreyol(report.quantidade_centis, locale)}</span>
        </span>
        <span className={cell}>
          <span className={label}>{t('field.held')}</span>
          <span className="tabular-nums">{formatKreyol(heldCentisOf(report), locale)}</span>
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
