import type { AdminHelpRequest } from '@kreyolcash/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { errorCodeOf } from '../api';
import { formatDateTime, formatKreyol, useAdminLocale, useAdminText } from '../i18n';
import { BackLink, WhenLoaded } from '../query-state';
import { useActOnHelpRequest, useHelpRequest } from './support-api';
import { supportTexts } from './texts';

/** One help request: who sent it, what they wrote, the movement it is about; the answer and closing. */
export function RequestPage() {
  const { id = '' } = useParams();
  const t = useAdminText(supportTexts);
  const query = useHelpRequest(id);
  const back = <BackLink label={t('request.back')} />;
  return (
    <WhenLoaded query={query} back={back} errorText={(code) => t(`error.${code}`)}>
      {({ pedido }) => (
        <section className="flex flex-col gap-4">
          {back}
          <h1 className="text-xl font-bold text-slate-900">{t('request.title')}</h1>
          <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
            <RequestCard request={pedido} />
            <AnswerCard request={pedido} />
          </div>
        </section>
      )}
    </WhenLoaded>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2 border-b border-slate-100 py-2 last:border-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function RequestCard({ request }: { request: AdminHelpRequest }) {
  const t = useAdminText(supportTexts);
  const { locale } = useAdminLocale();
  const movement = request.movimentacao;
  return (
    <Card className="flex flex-col gap-3" data-testid="help-request">
      <dl className="flex flex-col">
        <Row label={t('field.person')}>
          <Link className="text-primary-700 underline" to={`/admin/users/${request.usuario.id}`}>
            {request.usuario.nome_completo}
          </Link>
          {request.usuario.congelado ? ` · ${t('frozen')}` : null}
        </Row>
        <Row label={t('field.email')}>{request.usuario.email}</Row>
        <Row label={t('field.phone')}>{request.usuario.telefone}</Row>
        <Row label={t('field.subject')}>{t(`subject.${request.assunto}`)}</Row>
        <Row label={t('field.sent')}>{formatDateTime(request.criado_em, locale)}</Row>
        <Row label={t('field.status')}>{t(`status.${request.status}`)}</Row>
        {movement ? (
          <Row label={t('field.movement')}>
            <Link className="text-primary-700 underline" to={`/admin/users/movements/${movement.id}`}>
              {formatKreyol(movement.quantidade_centis, locale)} ·{' '}
              {formatDateTime(movement.criado_em, locale)}
            </Link>
          </Row>
        ) : null}
      </dl>
      <div>
        <h2 className="font-semibold text-slate-900">{t('request.text')}</h2>
        <p className="whitespace-pre-line break-words text-base text-slate-900">{request.texto}</p>
      </div>
    </Card>
  );
}

function AnswerCard({ request }: { request: AdminHelpRequest }) {
  const t = useAdminText(supportTexts);
  const { locale } = useAdminLocale();
  const act = useActOnHelpRequest(request.id);
  const [answer, setAnswer] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const resposta = answer.trim();
    setMissing(resposta === '');
    if (resposta !== '') act.mutate({ kind: 'answer', resposta }, { onSuccess: () => setAnswer('') });
  };
  const failure = errorCodeOf(act.error);
  return (
    <Card className="flex flex-col gap-3" data-testid="help-answer-card">
      <h2 className="text-lg font-semibold">{t('answer.title')}</h2>
      {request.resposta ? (
        <div className="rounded-xl bg-primary-50 p-3">
          <p className="whitespace-pre-line break-words text-slate-900">{request.resposta}</p>
          {request.respondido_em ? (
            <p className="mt-1 text-sm text-slate-600">
              {t('answer.by', {
                name: request.respondido_por_nome ?? '—',
                date: formatDateTime(request.respondido_em, locale),
              })}
            </p>
          ) : null}
        </div>
      ) : null}
      {act.isSuccess && act.variables?.kind === 'answer' ? (
        <p role="status" className="font-semibold text-emerald-800">
          {t('answer.sent')}
        </p>
      ) : null}
      {request.status === 'fechado' ? (
        <p className="text-slate-700">
          {t('close.by', {
            name: request.fechado_por_nome ?? '—',
            date: request.fechado_em ? formatDateTime(request.fechado_em, locale) : '',
          })}
        </p>
      ) : (
        <>
          <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
            <Field
              label={t('answer.label')}
              error={missing ? t('answer.required') : failure ? t(`error.${failure}`) : undefined}
            >
              {(c) => (
                <textarea
                  {...c}
                  rows={5}
                  maxLength={1000}
                  value={answer}
                  onChange={(e) => setAnswer(e.target.value)}
                  className="w-full rounded-xl border border-slate-300 px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-primary-700"
                />
              )}
            </Field>
            <Button type="submit" disabled={act.isPending}>
              {request.resposta ? t('answer.again') : t('answer.send')}
            </Button>
          </form>
          <Button variant="outline" disabled={act.isPending} onClick={() => act.mutate({ kind: 'close' })}>
            {t('close.button')}
          </Button>
        </>
      )}
    </Card>
  );
}
