import {
  type AdminQueuedHelpRequest,
  HELP_REQUEST_STATUSES,
  type HelpRequestStatus,
} from '@kreyolcash/domain';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { errorCodeOf } from '../api';
import { formatDateTime, useAdminLocale, useAdminText } from '../i18n';
import { useHelpQueue } from './support-api';
import { supportTexts } from './texts';

/** Help requests by state (waiting by default, oldest first): who, about what, when. */
export function QueuePage() {
  const t = useAdminText(supportTexts);
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status: HelpRequestStatus = HELP_REQUEST_STATUSES.find((s) => s === asked) ?? 'aberto';
  const queue = useHelpQueue(status);
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-bold text-slate-900">{t('queue.title')}</h1>
        {queue.data ? (
          <p className="text-sm text-slate-600">
            {t('queue.count', { count: queue.data.total })}
            {status === 'aberto' ? ` · ${t('queue.oldest')}` : null}
          </p>
        ) : null}
      </div>
      <div role="tablist" className="flex flex-wrap gap-2">
        {HELP_REQUEST_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={s === status}
            onClick={() => setParams(s === 'aberto' ? {} : { status: s })}
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
      {queue.isPending ? (
        <Spinner />
      ) : queue.isError ? (
        <p role="alert" className="text-accent-700">
          {t(`error.${errorCodeOf(queue.error) ?? 'unexpected_error'}`)}
        </p>
      ) : queue.data.pedidos.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700">{t('queue.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="support-queue">
          {queue.data.pedidos.map((request) => (
            <QueueRow key={request.id} request={request} />
          ))}
        </ul>
      )}
    </section>
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
