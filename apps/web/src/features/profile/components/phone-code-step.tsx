import type { PhoneChange } from '@kreyolcash/domain';
import {
  AppError,
  isVerificationCodeFormat,
  type VerifyCodeBody,
  type verifyCodeSchema,
} from '@kreyolcash/domain';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { CodeInput } from '@/components/ui/code-input';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { type Refusal, StepRefusal } from '@/components/ui/step-refusal';
import { useTranslation } from '@/lib/i18n';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { notifySuccess } from '@/lib/notify';
import { useCancelPhoneChange } from '../api/cancel-phone-change';
import { useVerifyCurrentPhone } from '../api/verify-current-phone';
import { useVerifyNewPhone } from '../api/verify-new-phone';
import { notifyProfileError, profileFieldText, profileRefusalOf } from './profile-errors';

const resolver = lazyZodResolver(() => import('./profile-schemas').then((module) => module.verifyCodeSchema));

/** The change's refusal, shown in whichever step is on screen until the person acts. */
export type RefusalProps = { refusal: Refusal | null; onRefusal: (refusal: Refusal | null) => void };
type PhoneCodeStepProps = { change: PhoneChange; currentPhone: string } & RefusalProps;
type CodeFormValues = z.input<typeof verifyCodeSchema>;

/** One step of the change: the 6-digit code from WhatsApp, then continue (1/2) or finish (2/2). */
export function PhoneCodeStep({ change, currentPhone, refusal, onRefusal }: PhoneCodeStepProps) {
  const { t } = useTranslation('account');
  const headingId = useId();
  const isFirstStep = change.etapa === 'verify_current';
  const form = useForm<CodeFormValues, unknown, VerifyCodeBody>({
    resolver,
    defaultValues: { codigo: '' },
  });
  const code = useWatch({ control: form.control, name: 'codigo' });

  function onCodeRefused(error: Error, fallback: 'verification_code_error' | 'phone_update_error') {
    onRefusal(profileRefusalOf(error, fallback));
    // A wrong code is typed again from scratch; an expired code or too many tries ended the change,
    // whose step goes: the new-number form then says why.
    if (AppError.from(error).code === 'invalid_codes') {
      form.reset({ codigo: '' });
      form.setFocus('codigo');
    }
  }
  const verifyCurrent = useVerifyCurrentPhone({
    onSuccess: (next) =>
      toast.success(t('success.phone_code_sent_new_title'), {
        description: t('success.phone_code_sent_new', { phone: next.novo_telefone }),
      }),
    onError: (error) => onCodeRefused(error, 'verification_code_error'),
  });
  const verifyNew = useVerifyNewPhone({
    onSuccess: () => notifySuccess(t('success.title'), t('success.phone_updated')),
    onError: (error) => onCodeRefused(error, 'phone_update_error'),
  });
  // A cancel that failed belongs to no code: a toast.
  const cancel = useCancelPhoneChange({
    onError: (error) => notifyProfileError(error, 'phone_update_error'),
  });
  const verify = isFirstStep ? verifyCurrent : verifyNew;
  const isBusy = verify.isPending || cancel.isPending;

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-primary-200 bg-primary-50 p-4"
    >
      <div className="flex flex-col gap-1">
        <p className="text-sm font-bold tracking-wide text-primary-700 uppercase">
          {t('phoneChange.step', { current: isFirstStep ? 1 : 2 })}
        </p>
        <h3 id={headingId} className="text-lg font-bold text-slate-900">
          {isFirstStep ? t('phoneChange.current.title') : t('phoneChange.new.title')}
        </h3>
        <p className="text-base text-slate-700">
          {isFirstStep
            ? t('phoneChange.current.body', { phone: currentPhone })
            : t('phoneChange.new.body', { phone: change.novo_telefone })}
        </p>
      </div>
      <form
        noValidate
        onSubmit={form.handleSubmit((body) => {
          onRefusal(null);
          verify.mutate(body);
        })}
        className="flex flex-col gap-3"
      >
        <Field
          label={t('phoneChange.codeLabel')}
          hint={t('phoneChange.attemptsLeft', { remaining: change.tentativas_restantes })}
          error={profileFieldText(form.formState.errors.codigo?.message)}
        >
          {(control) => (
            <CodeInput
              {...control}
              {...form.register('codigo', { onChange: () => onRefusal(null) })}
              placeholder="000000"
            />
          )}
        </Field>
        <StepRefusal refusal={refusal} />
        <div className="flex gap-3">
          <Button
            variant="outline"
            className="flex-1"
            disabled={isBusy}
            onClick={() => {
              onRefusal(null);
              cancel.mutate();
            }}
          >
            {cancel.isPending ? <Spinner /> : null}
            {t('phoneChange.cancel')}
          </Button>
          {/* Enabled only with the whole code (spec §5). */}
          <Button type="submit" className="flex-[2]" disabled={!isVerificationCodeFormat(code) || isBusy}>
            {verify.isPending ? <Spinner /> : null}
            {isFirstStep ? t('phoneChange.continue') : t('phoneChange.finish')}
          </Button>
        </div>
      </form>
    </section>
  );
}
