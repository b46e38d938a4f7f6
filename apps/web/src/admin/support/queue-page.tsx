import { type AdminQueuedHelpRequest, HELP_REQUEST_STATUSES } from '@kreyolcash/domain';
import { Link } from 'react-router';
import { formatDateTime, useAdminLocale, useAdminText } from '../i18n';
import { StatusQueue, useStatusTabs } from '../status-queue';
import { useHelpQueue } from './support-api';
import { supportTexts } from './texts';

/** Help requests by state (waiting by default, oldest first): who, about what, when. */
export function QueuePage() {
  const t = useAdminText(supportTexts);
  const tabs = useStatusTabs(HELP_REQUEST_STATUSES);
  const queue = useHelpQueue(tabs.status);
  return (
    <StatusQueue t={t} tabs={tabs} query={queue} items={(page) => page.pedidos} defaultOrder="queue.oldest">
      {(rows) => (
        <ul className="flex flex-col gap-2" data-testid="support-queue">
          {rows.map((request) => (
            <QueueRow key={request.id} request={request} />
          ))}
        </ul>
      )}
    </StatusQueue>
  );
}

function QueueRow({ request }: { request: AdminQueuedHelpRequest }) {
  const t = useAdminText(supportTexts);
  const { locale } = useAdminLocale();
  return (
    <li>
      <Link
        to={request.id}
        data-testid="support-queue-row"
        className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-800 hover:border-primary-600 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-primary-700"
      >
        <span className="flex flex-wrap items-center gap-2">
          <strong className="min-w-0 text-base break-words text-primary-800">{request.nome_completo}</strong>
          {request.congelado ? (
            <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">
              {t('frozen')}
            </span>
          ) : null}
        </span>
        <span className="font-semibold">{t(`subject.${request.assunto}`)}</span>
        <span className="line-clamp-2 break-words text-slate-700">{request.texto}</span>
        <span className="text-slate-600">{formatDateTime(request.criado_em, locale)}</span>
      </Link>
    </li>
  );
}
