import { type AdminAgentDetail, displayPhone, WEEKDAYS } from '@kreyolcash/domain';
import { Link, useParams, useSearchParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { formatDateTime, formatKreyol, useAdminLocale, useAdminText } from '../i18n';
import { BackLink, WhenLoaded } from '../query-state';
import { useAgent } from './agents-api';
import { communeName } from './commune-select';
import { agentsTexts } from './texts';

/** One agent: the shop, the person, the week's hours and the float's balance. */
export function DetailPage() {
  const t = useAdminText(agentsTexts);
  const { id = '' } = useParams();
  const agent = useAgent(id);
  const back = <BackLink label={t('back')} />;
  return (
    <WhenLoaded query={agent} back={back} errorText={(code) => t(`error.${code}`)}>
      {(detail) => <Detail detail={detail} back={back} />}
    </WhenLoaded>
  );
}

function Detail({ detail, back }: { detail: AdminAgentDetail; back: React.ReactNode }) {
  const t = useAdminText(agentsTexts);
  const { locale } = useAdminLocale();
  const [params] = useSearchParams();
  const { agente: a, float } = detail;
  const facts: [string, React.ReactNode][] = [
    [
      t('detail.person'),
      <Link key="p" className="text-primary-700 underline" to={`/admin/users/${a.user_id}`}>
        {a.nome_completo}
      </Link>,
    ],
    [t('detail.phone'), displayPhone(a.telefone)],
    [t('detail.commune'), communeName(a.comuna)],
    [t('detail.address'), a.endereco],
    [t('detail.since'), formatDateTime(a.criado_em, locale)],
    [
      t('detail.state'),
      a.pausado_em
        ? t('detail.pausedSince', { date: formatDateTime(a.pausado_em, locale) })
        : t('state.listed'),
    ],
  ];
  return (
    <section className="flex flex-col gap-4">
      {back}
      {params.get('created') ? (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800">
          {t('detail.created')}
        </p>
      ) : null}
      <header>
        <p className="text-sm font-semibold text-slate-600">{t('detail.number', { numero: a.numero })}</p>
        <h1 className="text-xl font-bold break-words text-slate-900">{a.nome_comercial}</h1>
      </header>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-2 lg:items-start">
        <Card className="p-4">
          <h2 className="mb-3 text-lg font-bold text-slate-900">{t('detail.float')}</h2>
          <dl className="flex flex-col gap-2" data-testid="agent-float">
            {(
              [
                ['balance', float.saldo_centis],
                ['held', float.reservado_centis],
                ['available', float.disponivel_centis],
              ] as const
            ).map(([key, centis]) => (
              <div key={key} className="flex justify-between gap-3 border-b border-slate-100 py-1">
                <dt className="text-slate-600">{t(`detail.${key}`)}</dt>
                <dd className="text-lg font-bold tabular-nums" data-testid={`float-${key}`}>
                  {formatKreyol(centis, locale)}
                </dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card className="p-4">
          <dl className="flex flex-col gap-2">
            {facts.map(([label, value]) => (
              <div
                key={label}
                className="flex flex-col gap-0.5 border-b border-slate-100 py-1 sm:flex-row sm:justify-between sm:gap-3"
              >
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className="break-words text-slate-900 sm:text-right">{value}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card className="p-4">
          <h2 className="mb-3 text-lg font-bold text-slate-900">{t('detail.hours')}</h2>
          <dl className="flex flex-col gap-1">
            {WEEKDAYS.map((day) => (
              <div key={day} className="flex justify-between gap-3">
                <dt className="text-slate-600">{t(`day.${day}`)}</dt>
                <dd className="text-right tabular-nums">
                  {a.horario[day].length
                    ? a.horario[day].map((i) => `${i.abre}–${i.fecha}`).join(', ')
                    : t('hours.closed')}
                </dd>
              </div>
            ))}
          </dl>
        </Card>
      </div>
    </section>
  );
}
