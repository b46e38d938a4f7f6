import {
  AppError,
  type ErrorCode,
  formatKreyol,
  isVerificationCodeFormat,
  type StartedCashIn,
  wallClockOf,
} from '@kreyolcash/domain';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CodeInput } from '@/components/ui/code-input';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { StepHeading } from '@/components/ui/step-heading';
import { type Refusal, StepRefusal } from '@/components/ui/step-refusal';
import { useTranslation } from '@/lib/i18n';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { useCancelCashIn, useConfirmCashIn } from '../api/cash-in';
import { CustomerPhoto } from './customer-photo';
import { deskRefusalOf } from './desk-errors';
import type { CodeFormValues } from './desk-schemas';

const resolver = lazyZodResolver(() => import('./desk-schemas').then((module) => module.codeFormSchema));

// After these the server has voided the cash-in (or it was over already): the agent starts again.
const ENDED: ReadonlySet<ErrorCode> = new Set([
  'code_expired',
  'code_attempts_exceeded',
  'transaction_not_pending',
  'transaction_not_found',
  'balance_limit_reached',
]);

type CashInConfirmProps = {
  started: StartedCashIn;
  onDone: () => void;
  /** The cash-in is over without paying (cancelled, voided by the server): why, when known. */
  onEnded: (refusal: Refusal | null) => void;
};

/** Who is paid (name and photo, to compare with the face at the counter), then the agent's code. */
export function CashInConfirm({ started, onDone, onEnded }: CashInConfirmProps) {
  const { t } = useTranslation('desk');
  const form = useForm<CodeFormValues>({ resolver, defaultValues: { codigo: '' } });
  const code = useWatch({ control: form.control, name: 'codigo' });
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const confirm = useConfirmCashIn();
  const cancel = useCancelCashIn();
  const { cliente } = started;

  function onRefused(error: Error) {
    const why = deskRefusalOf(error, 'verification_code_error');
    const failure = AppError.from(error).code;
    if (ENDED.has(failure)) return onEnded(why);
    if (failure === 'invalid_codes') form.reset({ codigo: '' });
    setRefusal(why);
  }

  return (
    <section className="flex flex-col gap-5" aria-labelledby="cash-in-check">
      <StepHeading id="cash-in-check">{t('cashIn.checkTitle')}</StepHeading>
      <Card className="flex flex-col gap-3 p-4" data-testid="cash-in-customer">
        <div className="flex items-center gap-4">
          <CustomerPhoto name={cliente.nome_completo} photoUrl={cliente.profile_photo_url} />
          <div className="flex min-w-0 flex-col gap-1">
            <p className="text-xl font-bold break-words text-slate-900">{cliente.nome_completo}</p>
            <p className="text-lg font-semibold text-slate-800 tabular-nums">
              {t('cashIn.amountFor', { amount: formatKreyol(started.quantidade_centis) })}
            </p>
          </div>
        </div>
        <p className="text-base text-slate-700">{t('cashIn.checkFace')}</p>
      </Card>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit(
          ({ codigo }) => {
            setRefusal(null);
            confirm.mutate(
              { movementId: started.movimentacao_id, codigo },
              { onSuccess: onDone, onError: onRefused },
            );
          },
          () =>
            setRefusal(deskRefusalOf(new AppError('invalid_verification_code'), 'verification_code_error')),
        )}
      >
        <Field
          label={t('cashIn.code')}
          hint={t('cashIn.codeHint', { time: wallClockOf(started.expira_em).slice(11, 16) })}
        >
          {(control) => (
            <CodeInput
              {...control}
              {...form.register('codigo', { onChange: () => setRefusal(null) })}
              placeholder="••••••"
            />
          )}
        </Field>
        <StepRefusal refusal={refusal} />
        <Button type="submit" size="lg" disabled={!isVerificationCodeFormat(code) || confirm.isPending}>
          {confirm.isPending ? <Spinner /> : null}
          {confirm.isPending ? t('cashIn.confirming') : t('cashIn.confirm')}
        </Button>
        <Button
          variant="outline"
          size="lg"
          disabled={cancel.isPending || confirm.isPending}
          onClick={() =>
            cancel.mutate(started.movimentacao_id, {
              onSuccess: () => onEnded(null),
              onError: (error) => {
                if (ENDED.has(AppError.from(error).code)) onEnded(null);
                else setRefusal(deskRefusalOf(error, 'transfer_processing_error'));
              },
            })
          }
        >
          {cancel.isPending ? <Spinner /> : null}
          {cancel.isPending ? t('cashIn.cancelling') : t('cashIn.cancel')}
        </Button>
      </form>
    </section>
  );
}
