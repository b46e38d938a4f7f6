import { type AgentListing, feeFor, formatKreyol } from '@kreyolcash/domain';
import { useState } from 'react';
import { AmountInput, positiveCentisOf } from '@/components/ui/amount-input';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { StepHeading } from '@/components/ui/step-heading';
import { type Refusal, StepRefusal } from '@/components/ui/step-refusal';
import { useTranslation } from '@/lib/i18n';
import { useFeeBands } from '@/lib/published-fees';

type AmountStepProps = {
  agent: AgentListing;
  /** What the wallet has free, once known. */
  available: number | undefined;
  text: string;
  onText: (text: string) => void;
  isSending: boolean;
  refusal: Refusal | null;
  onSubmit: (centis: number) => void;
};

/**
 * Step 2: the cash wanted. The published table gives the fee as it is typed; the server's quote,
 * bound to the code it sends, is shown again before the code is typed.
 */
export function AmountStep({
  agent,
  available,
  text,
  onText,
  isSending,
  refusal,
  onSubmit,
}: AmountStepProps) {
  const { t } = useTranslation('agents');
  const [touched, setTouched] = useState(false);
  const centis = positiveCentisOf(text);
  const problem = touched && text.trim() !== '' && centis === null ? t('errors.invalid_amount') : undefined;
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (centis !== null) onSubmit(centis);
      }}
    >
      <StepHeading>{t('cashOut.amount.title')}</StepHeading>
      <p className="text-base font-semibold break-words text-slate-800">
        {t('cashOut.amount.at', { name: agent.nome_comercial, number: agent.numero })}
      </p>
      <Field label={t('cashOut.amount.label')} hint={t('cashOut.amount.hint')} error={problem}>
        {(control) => (
          <AmountInput
            {...control}
            value={text}
            onChange={(event) => onText(event.target.value)}
            onBlur={() => setTouched(true)}
            placeholder={t('cashOut.amount.placeholder')}
          />
        )}
      </Field>
      <div className="-mt-2 flex min-h-6 items-center text-base text-slate-700">
        {available === undefined ? (
          <Skeleton className="h-5 w-48" />
        ) : (
          t('cashOut.amount.available', { amount: formatKreyol(available) })
        )}
      </div>
      <FeePreview centis={centis} />
      <StepRefusal refusal={refusal} />
      <Button type="submit" size="lg" disabled={isSending || centis === null}>
        {isSending ? <Spinner /> : null}
        {isSending ? t('cashOut.amount.sending') : t('cashOut.amount.submit')}
      </Button>
    </form>
  );
}

/** The fee and the total of the amount typed, from the published cash-out table. */
function FeePreview({ centis }: { centis: number | null }) {
  const { t } = useTranslation('agents');
  const bands = useFeeBands('saque');
  if (centis === null || !bands) return null;
  const fee = feeFor(bands, centis);
  const last = bands.at(-1);
  return (
    <p
      aria-live="polite"
      data-testid="fee-preview"
      className="rounded-xl bg-slate-100 px-4 py-2 text-base text-slate-900"
    >
      {fee
        ? t('cashOut.amount.preview', {
            fee: formatKreyol(fee.tarifa_centis),
            total: formatKreyol(centis + fee.tarifa_centis),
          })
        : t('errors.amount_above_fee_bands', { limit: formatKreyol(last?.ate_centis ?? 0) })}
    </p>
  );
}
