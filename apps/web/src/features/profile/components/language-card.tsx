import { Languages } from 'lucide-react';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Card } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { useUpdateProfile } from '../api/update-profile';
import { notifyProfileError } from './profile-errors';

/**
 * The language, after sign-in: the app switches at once, and the account keeps it, so that its
 * WhatsApp messages and e-mails come in it too (PATCH /api/me {idioma}).
 */
export function LanguageCard() {
  const { t } = useTranslation('account');
  const update = useUpdateProfile({
    onSuccess: () => notifySuccess(t('success.title'), t('success.language_updated')),
    onError: (error) => notifyProfileError(error, 'unexpected_error'),
  });
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Languages aria-hidden="true" className="size-5 text-primary-700" />
        {t('settings.language.title')}
      </h2>
      <p className="text-base text-slate-700">{t('settings.language.hint')}</p>
      <LanguageSwitcher className="[&>select]:w-full" onChange={(idioma) => update.mutate({ idioma })} />
    </Card>
  );
}
