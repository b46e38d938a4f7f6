import type { Me, PhoneChangeBody, phoneChangeSchema } from '@kreyolcash/domain';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PhoneInput } from '@/components/ui/phone-input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { type Refusal, StepRefusal } from '@/components/ui/step-refusal';
import { useTranslation } from '@/lib/i18n';
import { lazyZodResolver, lazyZodSchema } from '@/lib/lazy-zod-resolver';
import { usePhoneChange } from '../api/get-phone-change';
import { useStartPhoneChange } from '../api/start-phone-change';
import { FrozenField } from './frozen-field';
import { PhoneCodeStep, type RefusalProps } from './phone-code-step';
import { profileFieldText, profileRefusalOf } from './profile-errors';

/**
 * The phone field and its change (spec §4): none → a code to the current number (step 1/2) → a
 * code to the new number (step 2/2) → done. The server holds the flow, so a reload resumes it.
 */
const resolver = lazyZodResolver(() =>
  import('./profile-schemas').then((module) => module.phoneChangeSchema),
);
// The domain's phone parser comes with the schemas, off the screen's first download.
const loadSamePhone = lazyZodSchema(() => import('./profile-schemas').then((module) => module.isSamePhone));

type SamePhone = (a: string, b: string) => boolean;
// Until the parser is here, only the current number's own spelling counts as it: the field starts
// with it, and it cannot change before the person types, which is when the parser is asked for.
const sameSpelling: SamePhone = (a, b) => a.trim() === b;

function useSamePhone(hasTyped: boolean): SamePhone {
  const [samePhone, setSamePhone] = useState<SamePhone>(() => sameSpelling);
  useEffect(() => {
    if (!hasTyped) return;
    let isMounted = true;
    loadSamePhone().then(
      (loaded) => {
        if (isMounted) setSamePhone(() => loaded);
      },
      // A failed download keeps the plain comparison: the server refuses the current number anyway.
      () => {},
    );
    return () => {
      isMounted = false;
    };
  }, [hasTyped]);
  return samePhone;
}

export function PhoneChangeSection({ me }: { me: Me }) {
  const { t } = useTranslation('account');
  const change = usePhoneChange();
  // One refusal for the whole change, so that it outlives the step it answers: a code that ended
  // the change (expired, too many tries) takes its step away, and the reason then shows in the
  // new-number form, where the person starts again.
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  // The server refuses every step of a frozen account's change (account_frozen): offering it would
  // only lead to that refusal, so the number shows as it is, with the reason.
  if (me.congelado) {
    return (
      <FrozenField
        label={t('phoneChange.label')}
        hint={t('phoneChange.frozenHint')}
        value={me.telefone}
        type="tel"
      />
    );
  }
  if (change.isPending) {
    return (
      <div className="flex flex-col gap-1.5">
        <span className="text-base font-semibold text-slate-800">{t('phoneChange.label')}</span>
        <Skeleton className="h-12 w-full rounded-xl" />
      </div>
    );
  }
  const open = change.data;
  if (open) {
    return (
      <div className="flex flex-col gap-4">
        {/* Locked during verification: the number being confirmed cannot change under its codes. */}
        <Field label={t('phoneChange.label')} hint={t('phoneChange.lockedHint')}>
          {(control) => <Input {...control} type="tel" value={open.novo_telefone} readOnly disabled />}
        </Field>
        {/* A new step starts with an empty code. */}
        <PhoneCodeStep
          key={open.etapa}
          change={open}
          currentPhone={me.telefone}
          refusal={refusal}
          onRefusal={setRefusal}
        />
      </div>
    );
  }
  // Remounted with the current number after a change ends (done, cancelled or refused).
  return (
    <NewPhoneForm key={me.telefone} currentPhone={me.telefone} refusal={refusal} onRefusal={setRefusal} />
  );
}

type PhoneFormValues = z.input<typeof phoneChangeSchema>;

function NewPhoneForm({ currentPhone, refusal, onRefusal }: { currentPhone: string } & RefusalProps) {
  const { t } = useTranslation('account');
  const form = useForm<PhoneFormValues, unknown, PhoneChangeBody>({
    resolver,
    defaultValues: { novo_telefone: currentPhone },
  });
  const typed = useWatch({ control: form.control, name: 'novo_telefone' });
  // The field starts with the current number; once the user has typed in it, the current number
  // again is worth a word (spec §5) rather than a button that silently goes away.
  const [hasTyped, setHasTyped] = useState(false);
  const isSamePhone = useSamePhone(hasTyped);
  const isCurrent = isSamePhone(typed, currentPhone);
  const start = useStartPhoneChange({
    onSuccess: () =>
      toast.success(t('success.phone_code_sent_title'), {
        description: t('success.phone_code_sent', { phone: currentPhone }),
      }),
    // The server's refusal (a number in use, named by its holder's first name, spec §5; too many
    // codes) shows in the step; what the number itself lacks shows under the field.
    onError: (error) => onRefusal(profileRefusalOf(error, 'code_send_error')),
  });
  const errorText = profileFieldText(
    form.formState.errors.novo_telefone?.message ??
      (hasTyped && isCurrent ? 'phone_same_as_current' : undefined),
  );

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((body) => {
        onRefusal(null);
        start.mutate(body);
      })}
      className="flex flex-col gap-3"
    >
      <Field label={t('phoneChange.label')} hint={t('phoneChange.hint')} error={errorText}>
        {(control) => (
          <PhoneInput
            {...control}
            {...form.register('novo_telefone', {
              onChange: () => {
                setHasTyped(true);
                onRefusal(null);
              },
            })}
          />
        )}
      </Field>
      <StepRefusal refusal={refusal} />
      {/* Offered only for a number other than the current one (spec §2). */}
      {isCurrent ? null : (
        <Button type="submit" variant="secondary" disabled={start.isPending}>
          {start.isPending ? <Spinner /> : null}
          {t('phoneChange.confirm')}
        </Button>
      )}
    </form>
  );
}
