import type { Me } from '@kreyolcash/domain';
import { AppError, type ProfileUpdateBody, type profileUpdateSchema } from '@kreyolcash/domain';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { notifySuccess } from '@/lib/notify';
import { useUpdateProfile } from '../api/update-profile';
import { FrozenField } from './frozen-field';
import { PhoneChangeSection } from './phone-change-section';
import { notifyProfileError, profileFieldText } from './profile-errors';

/** E-mail (read-only), full name (saved on its own) and phone (changed through two codes). */
const resolver = lazyZodResolver(() =>
  import('./profile-schemas').then((module) => module.profileUpdateSchema),
);

export function PersonalInfoCard({ me }: { me: Me }) {
  const { t } = useTranslation('account');
  return (
    <Card className="flex flex-col gap-5">
      <h2 className="text-lg font-bold text-slate-900">{t('settings.info.title')}</h2>
      <Field label={t('settings.info.email')} hint={t('settings.info.emailHint')}>
        {(control) => <Input {...control} type="email" value={me.email} readOnly className="bg-slate-100" />}
      </Field>
      {me.congelado ? (
        // The name payers see stays as it is while the account is frozen.
        <FrozenField
          label={t('settings.info.name')}
          hint={t('settings.info.nameFrozenHint')}
          value={me.nome_completo}
        />
      ) : (
        // A saved name is the form's new starting point.
        <NameForm key={me.nome_completo} fullName={me.nome_completo} />
      )}
      <PhoneChangeSection me={me} />
    </Card>
  );
}

function NameForm({ fullName }: { fullName: string }) {
  const { t } = useTranslation('account');
  const form = useForm<z.input<typeof profileUpdateSchema>, unknown, ProfileUpdateBody>({
    resolver,
    defaultValues: { nome_completo: fullName },
  });
  const typed = useWatch({ control: form.control, name: 'nome_completo' });
  const update = useUpdateProfile({
    onSuccess: () => notifySuccess(t('success.title'), t('success.name_updated')),
    onError: (error) => {
      const key = AppError.from(error).fields?.nome_completo;
      // A field that says what is wrong needs no toast repeating it.
      if (key) form.setError('nome_completo', { message: key });
      else notifyProfileError(error, 'name_update_error');
    },
  });
  const isUnchanged = typed.trim() === fullName;

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((body) => update.mutate(body))}
      className="flex flex-col gap-3"
    >
      <Field
        label={t('settings.info.name')}
        error={profileFieldText(form.formState.errors.nome_completo?.message)}
      >
        {(control) => <Input {...control} {...form.register('nome_completo')} autoComplete="name" />}
      </Field>
      <Button type="submit" variant="secondary" disabled={isUnchanged || update.isPending}>
        {update.isPending ? <Spinner /> : null}
        {update.isPending ? t('common.saving') : t('settings.info.saveName')}
      </Button>
    </form>
  );
}
