import { useForm, useWatch } from 'react-hook-form';
import { AmountInput, positiveCentisOf } from '@/components/ui/amount-input';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PhoneInput } from '@/components/ui/phone-input';
import { Spinner } from '@/components/ui/spinner';
import { StepHeading } from '@/components/ui/step-heading';
import { type Refusal, StepRefusal } from '@/components/ui/step-refusal';
import { useTranslation } from '@/lib/i18n';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { deskFieldText } from './desk-errors';
import type { CashInFormData, CashInFormValues } from './desk-schemas';

const resolver = lazyZodResolver(() => import('./desk-schemas').then((module) => module.cashInFormSchema));

type CashInFormProps = {
  values: CashInFormValues;
  isSending: boolean;
  refusal: Refusal | null;
  onEdit: () => void;
  onSubmit: (data: CashInFormData, values: CashInFormValues) => void;
};

/** The customer's phone and the cash they handed over; the server answers who they are. */
export function CashInForm({ values, isSending, refusal, onEdit, onSubmit }: CashInFormProps) {
  const { t } = useTranslation('desk');
  const form = useForm<CashInFormValues, unknown, CashInFormData>({ resolver, defaultValues: values });
  const amountText = useWatch({ control: form.control, name: 'amount' });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      aria-labelledby="cash-in-title"
      onSubmit={form.handleSubmit((data) => onSubmit(data, form.getValues()))}
    >
      <StepHeading id="cash-in-title">{t('cashIn.title')}</StepHeading>
      <Field
        label={t('cashIn.phone')}
        hint={t('cashIn.phoneHint')}
        error={deskFieldText(errors.telefone?.message)}
      >
        {(control) => (
          <PhoneInput
            {...control}
            {...form.register('telefone', { onChange: onEdit })}
            autoComplete="off"
            placeholder="3712 3456"
          />
        )}
      </Field>
      <Field
        label={t('cashIn.amount')}
        hint={t('cashIn.amountHint')}
        error={deskFieldText(errors.amount?.message)}
      >
        {(control) => (
          <AmountInput {...control} {...form.register('amount', { onChange: onEdit })} placeholder="250" />
        )}
      </Field>
      <StepRefusal refusal={refusal} />
      <Button type="submit" size="lg" disabled={isSending || positiveCentisOf(amountText) === null}>
        {isSending ? <Spinner /> : null}
        {isSending ? t('cashIn.searching') : t('cashIn.next')}
      </Button>
    </form>
  );
}
