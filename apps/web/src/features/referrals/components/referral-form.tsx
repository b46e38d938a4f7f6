import { AppError, type ReferralBody, type ReferralInput } from '@kreyolcash/domain';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PhoneInput } from '@/components/ui/phone-input';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { notifySuccess } from '@/lib/notify';
import { useSendReferral } from '../api/send-referral';
import { notifyReferralError, referralFieldText } from './referral-errors';

const FIELDS = ['nome', 'telefone'] as const;
const resolver = lazyZodResolver(() => import('./referral-schemas').then((module) => module.referralSchema));

/** The friend's name and WhatsApp number; send stays disabled until both are filled (spec §5). */
export function ReferralForm() {
  const { t } = useTranslation('account');
  const form = useForm<ReferralInput, unknown, ReferralBody>({
    resolver,
    defaultValues: { nome: '', telefone: '' },
  });
  const [nome, telefone] = useWatch({ control: form.control, name: FIELDS });
  const isFilled = nome.trim() !== '' && telefone.trim() !== '';
  const { errors } = form.formState;

  const send = useSendReferral({
    onSuccess: (referral) => {
      notifySuccess(
        t('success.referral_sent_success_title'),
        t('success.referral_sent_success', { name: referral.nome }),
      );
      form.reset();
    },
    onError: (error) => {
      let shownInline = false;
      for (const [field, key] of Object.entries(AppError.from(error).fields ?? {})) {
        if (field !== 'nome' && field !== 'telefone') continue;
        form.setError(field, { message: key });
        shownInline = true;
      }
      // A field that says what is wrong needs no toast repeating it.
      if (!shownInline) notifyReferralError(error);
    },
  });

  return (
    <Card>
      <form
        noValidate
        onSubmit={form.handleSubmit((body) => send.mutate(body))}
        className="flex flex-col gap-4"
      >
        <h2 className="text-lg font-bold text-slate-900">{t('referrals.form.title')}</h2>
        <Field label={t('referrals.form.name')} error={referralFieldText(errors.nome?.message)}>
          {(control) => <Input {...control} {...form.register('nome')} autoComplete="off" />}
        </Field>
        <Field
          label={t('referrals.form.phone')}
          hint={t('referrals.form.phoneHint')}
          error={referralFieldText(errors.telefone?.message)}
        >
          {(control) => (
            <PhoneInput
              {...control}
              {...form.register('telefone')}
              autoComplete="off"
              placeholder="+50937123456"
            />
          )}
        </Field>
        <Button type="submit" size="lg" disabled={!isFilled || send.isPending}>
          {send.isPending ? <Spinner /> : null}
          {send.isPending ? t('referrals.form.sending') : t('referrals.form.send')}
        </Button>
      </form>
    </Card>
  );
}
