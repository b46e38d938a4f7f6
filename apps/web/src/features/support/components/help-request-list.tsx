import type { HelpRequest } from '@kreyolcash/domain';
import { formatDateTime } from '@kreyolcash/domain';
import { Card } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n';

const statusStyles: Record<HelpRequest['status'], string> = {
  aberto: 'bg-amber-100 text-amber-900',
  respondido: 'bg-emerald-100 text-emerald-900',
  fechado: 'bg-slate-200 text-slate-800',
};

/** The person's requests, newest first, each with support's answer once there is one. */
export function HelpRequestList({ requests }: { requests: HelpRequest[] }) {
  const { t } = useTranslation('support');
  return (
    <section aria-labelledby="help-requests-title" className="flex flex-col gap-3">
      <h2 id="help-requests-title" className="text-lg font-bold text-slate-900">
        {t('requests.title')}
      </h2>
      {requests.length === 0 ? (
        <p className="text-base text-slate-700">{t('requests.none')}</p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="help-requests">
          {requests.map((request) => (
            <li key={request.id}>
              <Card className="flex flex-col gap-2 p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold text-slate-900">{t(`subjects.${request.assunto}`)}</span>
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${statusStyles[request.status]}`}
                  >
                    {t(`requests.status.${request.status}`)}
                  </span>
                </div>
                <p className="text-sm text-slate-700">
                  {t('requests.sentOn', { date: formatDateTime(request.criado_em) })}
                </p>
                <p className="whitespace-pre-line break-words text-base text-slate-900">{request.texto}</p>
                {request.resposta ? (
                  <div className="rounded-xl bg-primary-50 p-3" data-testid="help-answer">
                    <p className="font-semibold text-primary-900">{t('requests.answer')}</p>
                    {request.respondido_em ? (
                      <p className="text-sm text-slate-700">
                        {t('requests.answeredOn', { date: formatDateTime(request.respondido_em) })}
                      </p>
                    ) : null}
                    <p className="whitespace-pre-line break-words text-base text-slate-900">
                      {request.resposta}
                    </p>
                  </div>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
