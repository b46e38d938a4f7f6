import type { AdminDocumentReview, AdminEarlierReview } from '@kreyolcash/domain';
import { displayPhone, maskNif } from '@kreyolcash/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorCodeOf } from '../api';
import { dayText } from '../day';
import { formatDateTime, useAdminLocale, useAdminText } from '../i18n';
import { BackLink, WhenLoaded } from '../query-state';
import { ReasonField } from '../reason-field';
import { useDecide, useKycReview } from './kyc-api';
import { kycTexts } from './texts';

/** One review: the document photo next to what the person typed, and the decision. */
export function ReviewPage() {
  const { id = '' } = useParams();
  const t = useAdminText(kycTexts);
  const review = useKycReview(id);
  const back = <BackLink label={t('review.back')} />;
  return (
    <WhenLoaded query={review} back={back} errorText={(code) => t(`error.${code}`)}>
      {(data) => {
        const { revisao, anteriores } = data;
        return (
          <section className="flex flex-col gap-4">
            {back}
            <h1 className="text-xl font-bold text-slate-900">{t('review.title')}</h1>
            <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
              <Photo review={revisao} />
              <div className="flex flex-col gap-4">
                <Typed review={revisao} />
                {revisao.status === 'pendente' ? (
                  <DecisionForm id={revisao.id} />
                ) : (
                  <Decided review={revisao} />
                )}
                {anteriores.length > 0 ? <History reviews={anteriores} /> : null}
              </div>
            </div>
          </section>
        );
      }}
    </WhenLoaded>
  );
}

function Photo({ review }: { review: AdminDocumentReview }) {
  const t = useAdminText(kycTexts);
  return (
    <Card className="flex flex-col gap-2 p-3">
      {/* Each load of this address is logged (kyc.photo_view); the cookie goes with it. */}
      <img
        src={review.foto_url}
        alt={t('review.photo', { name: review.nome_completo })}
        className="max-h-[70vh] w-full rounded-lg bg-slate-100 object-contain"
        data-testid="kyc-photo"
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
        <span>{t('review.logged')}</span>
        <a
          href={review.foto_url}
          target="_blank"
          rel="noreferrer"
          className="font-semibold text-primary-700 underline"
        >
          {t('review.openPhoto')}
        </a>
      </div>
    </Card>
  );
}

function Typed({ review }: { review: AdminDocumentReview }) {
  const t = useAdminText(kycTexts);
  const { locale } = useAdminLocale();
  const row = (label: string, value: ReactNode, big = false) => (
    <div className="flex flex-col border-b border-slate-100 py-2 last:border-0">
      <dt className="text-xs font-semibold uppercase text-slate-500">{label}</dt>
      <dd className={big ? 'text-xl font-bold break-words text-slate-900' : 'break-words text-slate-800'}>
        {value}
      </dd>
    </div>
  );
  return (
    <Card className="p-4">
      <h2 className="font-bold text-slate-900">{t('review.typed')}</h2>
      <p className="mb-2 text-sm text-slate-600">{t('review.compare')}</p>
      <dl data-testid="kyc-typed">
        {row(t('field.name'), review.nome_completo, true)}
        {row(t('field.nif'), <span className="font-mono">{maskNif(review.documento)}</span>, true)}
        {row(t('field.birth'), dayText(review.data_nascimento), true)}
        {row(t('field.email'), review.email)}
        {row(
          t('field.phone'),
          `${displayPhone(review.telefone)} · ${t('field.phoneProven')}: ${review.telefone_verificado ? t('yes') : t('no')}`,
        )}
        {row(t('field.sent'), formatDateTime(review.enviado_em, locale))}
        {row(t('field.account'), formatDateTime(review.conta_criada_em, locale))}
      </dl>
    </Card>
  );
}

function DecisionForm({ id }: { id: string }) {
  const t = useAdminText(kycTexts);
  const decide = useDecide(id);
  const [rejecting, setRejecting] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const failure = errorCodeOf(decide.error);

  const reject = (event: FormEvent) => {
    event.preventDefault();
    if (!motivo.trim()) {
      setMissingReason(true);
      return;
    }
    decide.mutate({ kind: 'reject', motivo: motivo.trim() });
  };

  return (
    <Card className="flex flex-col gap-3 p-4">
      {failure ? (
        <p role="alert" className="text-sm font-medium text-accent-700">
          {t(`error.${failure}`)}
        </p>
      ) : null}
      {!rejecting ? (
        <div className="grid gap-2 sm:grid-cols-2">
          <Button
            variant="secondary"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ kind: 'approve' })}
          >
            {t('review.approve')}
          </Button>
          <Button variant="outline" disabled={decide.isPending} onClick={() => setRejecting(true)}>
            {t('review.reject')}
          </Button>
        </div>
      ) : (
        <form className="flex flex-col gap-3" onSubmit={reject} noValidate>
          <ReasonField
            label={t('review.reasonLabel')}
            placeholder={t('review.reasonPlaceholder')}
            value={motivo}
            missing={missingReason}
            onChange={(value) => {
              setMotivo(value);
              setMissingReason(false);
            }}
          />
          <div className="grid gap-2 sm:grid-cols-2">
            <Button type="submit" variant="primary" disabled={decide.isPending}>
              {t('review.confirmReject')}
            </Button>
            <Button variant="ghost" disabled={decide.isPending} onClick={() => setRejecting(false)}>
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

function Decided({ review }: { review: AdminDocumentReview }) {
  const t = useAdminText(kycTexts);
  const { locale } = useAdminLocale();
  const approved = review.status === 'aprovada';
  return (
    <Card
      className={`flex flex-col gap-2 p-4 ${approved ? 'border-emerald-300 bg-emerald-50' : 'border-accent-100 bg-accent-50'}`}
    >
      <p role="status" className="font-semibold text-slate-900" data-testid="kyc-decided">
        {approved ? t('review.approved') : t('review.rejected')}
      </p>
      <p className="text-sm text-slate-700">
        {t('review.decidedBy', {
          status: t(`status.${review.status}`),
          name: review.operador_nome ?? '—',
          date: review.decidido_em ? formatDateTime(review.decidido_em, locale) : '—',
        })}
      </p>
      {review.motivo ? (
        <p className="text-sm text-slate-700">
          {t('common.reason')}: {review.motivo}
        </p>
      ) : null}
      <Link to=".." relative="path" className="text-sm font-semibold text-primary-700 underline">
        {t('review.back')}
      </Link>
    </Card>
  );
}

/** The person's earlier photos: what was decided, and why. */
function History({ reviews }: { reviews: AdminEarlierReview[] }) {
  const t = useAdminText(kycTexts);
  const { locale } = useAdminLocale();
  return (
    <Card className="p-4">
      <h2 className="mb-2 font-bold text-slate-900">{t('review.history')}</h2>
      <ul className="flex flex-col gap-2 text-sm">
        {reviews.map((r) => (
          <li key={r.id} className="border-b border-slate-100 pb-2 last:border-0">
            <span className="font-semibold">{t(`status.${r.status}`)}</span> ·{' '}
            {formatDateTime(r.enviado_em, locale)}
            {r.motivo ? <p className="text-slate-700">{r.motivo}</p> : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
