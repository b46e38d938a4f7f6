import { formatKreyol, MAX_TRANSFER_CENTIS, OBSERVATIONS_MAX_LENGTH, type Wallet } from '@kreyolcash/domain';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { positiveCentisOf } from '@/components/ui/amount-input';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { StepHeading } from '@/components/ui/step-heading';
import { type Refusal, StepRefusal } from '@/components/ui/step-refusal';
import { useTranslation } from '@/lib/i18n';
import { lazyZodSchema } from '@/lib/lazy-zod-resolver';
import { useFeeBands } from '@/lib/published-fees';
import { useLimits } from '../api/get-limits';
import type { Recipient } from '../api/lookup-user';
import { RecipientAvatar } from './recipient-avatar';
import { type AgreedFee, type TransferFee, transferFeeOf } from './transfer-fee';
import { TransferFeeLines } from './transfer-fee-lines';
import type { AmountFormData, AmountFormValues, AmountLimit } from './transfer-schemas';
import { walletFieldText } from './wallet-errors';

// The schema depends on the payer's level's limit, which the form passes as its context.
const loadSchemas = lazyZodSchema(() =>
  Promise.all([import('@hookform/resolvers/zod'), import('./transfer-schemas')]),
);
const resolver: Resolver<AmountFormValues, AmountLimit, AmountFormData> = async (values, limit, options) => {
  const [{ zodResolver }, schemas] = await loadSchemas();
  return zodResolver(schemas.amountFormSchemaFor(limit ?? SPEC_LIMIT))(values, limit, options);
};
// Levels 0 and 1, and until the limits have loaded: the spec's ₭100 (the server decides anyway).
const SPEC_LIMIT: AmountLimit = { maxCentis: MAX_TRANSFER_CENTIS, overKey: 'max_amount_error' };

/** The payer's per-transfer limit, from their level. */
function useAmountLimit(): AmountLimit {
  const limits = useLimits();
  if (!limits.data || limits.data.nivel < 2) return SPEC_LIMIT;
  return { maxCentis: limits.data.limites.por_transferencia_centis, overKey: 'transfer_limit_exceeded' };
}

type AmountStepProps = {
  recipient: Recipient;
  wallet: Wallet | undefined;
  /** What was typed before, when the payer comes back to this step. */
  values: AmountFormValues;
  isSending: boolean;
  /** Why the server (or the balance) refused this amount: shown until the payer edits or retries. */
  refusal: Refusal | null;
  /** The fee the server named when it changed (fee_changed), for the amount it was named for. */
  agreedFee: AgreedFee | null;
  onEdit: () => void;
  onSubmit: (data: AmountFormData, values: AmountFormValues, fee: TransferFee) => void;
};

/** Only a positive amount turns the button on (spec §2): empty, 0, -5 and abc all keep it off. */
function canConfirm(text: string): boolean {
  return positiveCentisOf(text) !== null;
}

/** Step 2: the amount (typed the way people write it) and an optional note. */
export function AmountStep({
  recipient,
  wallet,
  values,
  isSending,
  refusal,
  agreedFee,
  onEdit,
  onSubmit,
}: AmountStepProps) {
  const { t } = useTranslation('wallet');
  const limit = useAmountLimit();
  const bands = useFeeBands('transferencia');
  const form = useForm<AmountFormValues, AmountLimit, AmountFormData>({
    resolver,
    context: limit,
    defaultValues: values,
  });
  const amountText = useWatch({ control: form.control, name: 'amount' });
  const fee = transferFeeOf(bands, positiveCentisOf(amountText), agreedFee);
  const { errors, touchedFields } = form.formState;
  // Once the payer leaves the field, a typed text that is no amount says why the button is off.
  const typedProblem =
    touchedFields.amount && amountText.trim() !== '' && !canConfirm(amountText)
      ? 'invalid_amount'
      : undefined;

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      // A field that does not validate says why under itself; no toast repeats it.
      onSubmit={form.handleSubmit((data) => onSubmit(data, form.getValues(), fee))}
    >
      <StepHeading>{t('transfer.amount.title')}</StepHeading>
      <div className="flex items-center gap-3">
        <RecipientAvatar name={recipient.nome_completo} photoUrl={recipient.profile_photo_url} size="md" />
        <p className="min-w-0 text-base font-semibold break-words text-slate-800">
          {t('transfer.amount.to', { name: recipient.nome_completo })}
        </p>
      </div>

      <Field
        label={t('transfer.amount.label')}
        hint={t('transfer.amount.hint', { max: formatKreyol(limit.maxCentis) })}
        error={
          errors.amount?.message === 'transfer_limit_exceeded'
            ? t('screens:errors.transfer_limit_exceeded', { limit: formatKreyol(limit.maxCentis) })
            : walletFieldText(errors.amount?.message ?? typedProblem)
        }
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('amount', { onChange: onEdit })}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('transfer.amount.placeholder')}
            // `!`: the input's own text-base sorts after text-2xl in the stylesheet.
            className="text-2xl! font-bold tabular-nums"
          />
        )}
      </Field>

      <div className="-mt-2 flex h-6 items-center text-base text-slate-700" data-testid="available-balance">
        {wallet ? (
          t('transfer.amount.available', { amount: formatKreyol(wallet.disponivel_centis) })
        ) : (
          <Skeleton className="h-5 w-48" />
        )}
      </div>

      <FeePreview fee={fee} amountText={amountText} />

      <Field label={t('transfer.amount.note')} error={walletFieldText(errors.observacoes?.message)}>
        {(control) => (
          <Input
            {...control}
            {...form.register('observacoes', { onChange: onEdit })}
            maxLength={OBSERVATIONS_MAX_LENGTH}
            placeholder={t('transfer.amount.notePlaceholder')}
          />
        )}
      </Field>

      <StepRefusal refusal={refusal} />

      <Button type="submit" size="lg" disabled={isSending || !canConfirm(amountText) || fee.kind === 'above'}>
        {isSending ? <Spinner /> : null}
        {isSending ? t('transfer.amount.sending') : t('transfer.amount.confirm')}
      </Button>
    </form>
  );
}

/**
 * The fee and the total of the amount typed, from the published transfer table; the most a
 * transfer may be past the last band. Nothing at all for a free transfer.
 */
function FeePreview({ fee, amountText }: { fee: TransferFee; amountText: string }) {
  const { t } = useTranslation('wallet');
  const amountCentis = positiveCentisOf(amountText);
  return (
    <p aria-live="polite" data-testid="fee-preview" className="empty:hidden">
      {fee.kind === 'fee' && amountCentis !== null ? (
        <span className="block rounded-xl bg-slate-100 px-4 py-2 text-base text-slate-900 tabular-nums">
          <TransferFeeLines amountCentis={amountCentis} feeCentis={fee.feeCentis} />
        </span>
      ) : null}
      {fee.kind === 'above' ? (
        <span className="block rounded-xl bg-accent-50 px-4 py-2 text-base font-semibold text-accent-700">
          {t('errors.amount_above_fee_bands', { limit: formatKreyol(fee.limitCentis) })}
        </span>
      ) : null}
    </p>
  );
}
