import type { AdminKycQueueItem } from '@kreyolcash/domain';
import { displayPhone, maskNif } from '@kreyolcash/domain';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { AdminApiError } from '../api';
import { dayText } from '../day';
import { formatDateTime, useAdminLocale, useAdminText } from '../i18n';
import { MorePages } from '../list-pages';
import { useKycQueue } from './kyc-api';
import { kycTexts } from './texts';

/** Pending document photos, oldest first: one row per person, what they typed, and when. */
export function QueuePage() {
  const t = useAdminText(kycTexts);
  const queue = useKycQueue();
  if (queue.isPending) return <Spinner />;
  if (queue.isError) {
    const code = queue.error instanceof AdminApiError ? queue.error.code : 'unexpected_error';
    return (
      <p role="alert" className="text-accent-700">
        {t(`error.${code}`)}
      </p>
    );
  }
  const total = queue.data.pages[0]?.total ?? 0;
  const revisoes = queue.data.pages.flatMap((page) => page.revisoes);
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-bold text-slate-900">{t('queue.title')}</h1>
        <p className="text-sm text-slate-600">
          {t('queue.count', { count: total })} · {t('queue.oldest')}
        </p>
      </div>
      {revisoes.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700">{t('queue.empty')}</p>
      ) : (
        <>
          <div
            aria-hidden="true"
            className="hidden grid-cols-[1.6fr_1fr_0.9fr_2.3fr_1.2fr_1.2fr] gap-3 px-4 text-xs font-semibold uppercase text-slate-500 lg:grid"
          >
            <span>{t('field.name')}</span>
            <span>{t('field.nif')}</span>
            <span>{t('field.birth')}</span>
            <span>{t('field.email')}</span>
            <span>{t('field.phone')}</span>
            <span>{t('field.sent')}</span>
          </div>
          <ul className="flex flex-col gap-2" data-testid="kyc-queue">
            {revisoes.map((item) => (
              <QueueRow key={item.id} item={item} />
            ))}
          </ul>
          <MorePages pages={queue} label={t('queue.more')} />
        </>
      )}
    </section>
  );
}

function QueueRow({ item }: { item: AdminKycQueueItem }) {
  const t = useAdminText(kycTexts);
  const { locale } = useAdminLocale();
  const cell = 'flex min-w-0 gap-2 lg:block';
  const label = 'text-slate-500 lg:sr-only';
  return (
    <li>
      <Link
        to={item.id}
        data-testid="kyc-queue-row"
        className="grid gap-1 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-800 hover:border-primary-600 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-primary-700 lg:grid-cols-[1.6fr_1fr_0.9fr_2.3fr_1.2fr_1.2fr] lg:items-center lg:gap-3"
      >
        <strong className="min-w-0 text-base break-words text-primary-800">{item.nome_completo}</strong>
        <span className={cell}>
          <span className={label}>{t('field.nif')}</span>
          <span className="font-mono">{maskNif(item.documento)}</span>
        </span>
        <span className={cell}>
          <span className={label}>{t('field.birth')}</span>
          {dayText(item.data_nascimento)}
        </span>
        <span className={cell}>
          <span className={label}>{t('field.email')}</span>
          <span className="min-w-0 break-words">{item.email}</span>
        </span>
        <span className={cell}>
          <span className={label}>{t('field.phone')}</span>
          {displayPhone(item.telefone)}
        </span>
        <span className={cell}>
          <span className={label}>{t('field.sent')}</span>
          {formatDateTime(item.enviado_em, locale)}
        </span>
      </Link>
    </li>
  );
}
