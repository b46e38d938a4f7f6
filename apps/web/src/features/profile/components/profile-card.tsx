import type { Me } from '@kreyolcash/domain';
import { formatIsoDate } from '@kreyolcash/domain';
import { Skeleton } from '@/components/ui/skeleton';
import { useTranslation } from '@/lib/i18n';
import { ProfileAvatar } from './profile-avatar';
import { maskDocument } from './profile-text';

/** Photo or initials, the full name and the account's status. */
export function ProfileSummary({ me }: { me: Me }) {
  const { t } = useTranslation('account');
  return (
    <section className="flex flex-col items-center gap-3 pt-2 text-center">
      <ProfileAvatar
        fullName={me.nome_completo}
        photoUrl={me.profile_photo_url}
        className="size-24 text-3xl"
      />
      <div className="flex min-w-0 flex-col items-center gap-1.5">
        <h2 className="text-2xl font-bold break-words text-slate-900">{me.nome_completo}</h2>
        <p className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800">
          <span className="sr-only">{t('profile.status.label')}: </span>
          {statusText(t, me.status)}
        </p>
      </div>
    </section>
  );
}

type Translate = ReturnType<typeof useTranslation<'account'>>['t'];

function statusText(t: Translate, status: string): string {
  switch (status) {
    case 'ATIVO':
    case 'INATIVO':
    case 'BLOQUEADO':
      return t(`profile.status.${status}`);
    default:
      // A status this build does not know yet is shown as the server spells it.
      return status;
  }
}

/** The profile's fields (spec §2): e-mail, phone, birth date, sex, country, document. */
export function ProfileDetails({ me }: { me: Me }) {
  const { t } = useTranslation('account');
  const country = me.pais === 'HAITI' ? t('profile.countries.HAITI') : me.pais;
  const rows: [label: string, value: string, note?: string][] = [
    [t('profile.fields.email'), me.email],
    [t('profile.fields.phone'), me.telefone],
    // A calendar date, not an instant: formatted as text, so no time zone can shift the day.
    [t('profile.fields.birthDate'), formatIsoDate(me.data_nascimento)],
    [t('profile.fields.sex'), t(`profile.sex.${me.sexo}`)],
    [t('profile.fields.country'), country],
    [t('profile.fields.documentType'), me.tipo_documento],
    [t('profile.fields.documentNumber'), maskDocument(me.documento), t('profile.documentMasked')],
  ];
  return (
    <section className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h2 className="sr-only">{t('profile.details')}</h2>
      <dl className="divide-y divide-slate-100">
        {rows.map(([label, value, note]) => (
          <div key={label} className="flex items-baseline justify-between gap-4 px-4 py-3">
            <dt className="shrink-0 text-sm font-medium text-slate-600">{label}</dt>
            <dd className="min-w-0 text-right text-base font-semibold wrap-anywhere text-slate-900 tabular-nums">
              {value}
              {note ? <span className="block text-xs font-normal text-slate-600">{note}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function ProfileSkeleton() {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-center gap-3 pt-2">
        <Skeleton className="size-24 rounded-full" />
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-6 w-20 rounded-full" />
      </div>
      <Skeleton className="h-96 w-full rounded-2xl" />
    </div>
  );
}
