import { AppError, type ErrorCode, isVerificationCodeFormat, type Transaction } from '@kreyolcash/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CodeInput } from '@/components/ui/code-input';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { StepHeading } from '@/components/ui/step-heading';
import { type Refusal, StepRefusal } from '@/components/ui/step-refusal';
import { useSecondsLeft } from '@/hooks/use-seconds-left';
import { useTranslation } from '@/lib/i18n';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { notifySuccess } from '@/lib/notify';
import { getPendingTransfersQueryOptions } from '../api/get-pending-transfers';
import { readTransactionNow } from '../api/get-transaction';
import { useResendTransferCode } from '../api/resend-transfer-code';
import { useVerifyTransfer } from '../api/verify-transfer';
import { CODE_MINUTES } from './code-sent-step';
import type { CodeFormValues } from './transfer-schemas';
import { type WalletFallback, walletRefusalOf } from './wallet-errors';

/** How long after a code was sent before another can be asked for (the server also limits them per phone). */
const resolver = lazyZodResolver(() => import('./transfer-schemas').then((module) => module.codeFormSchema));
const RESEND_COOLDOWN_MS = 30_000;

type CodeStepProps = {
  movementId: string;
  /** What the code confirms ("₭ 27,50 pou Klodin"): a resumed transfer says it here. */
  summary?: ReactNode;
  /** When the current code was sent: the resend button waits RESEND_COOLDOWN_MS from then. */
  codeSentAtMs: number;
  onVerified: (transaction: Transaction) => void;
  /** A new code replaced the old one. */
  onCodeResent: () => void;
  /**
   * The server cancelled the transfer (code expired, too many wrong codes): start the amount
   * again, saying why.
   */
  onCancelled: (refusal: Refusal | null) => void;
};

/** Step 4: the 6-digit code from WhatsApp completes the transfer; another code can be asked for. */
export function CodeStep({
  movementId,
  summary,
  codeSentAtMs,
  onVerified,
  onCodeResent,
  onCancelled,
}: CodeStepProps) {
  const { t } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const form = useForm<CodeFormValues>({
    resolver,
    defaultValues: { codigo: '' },
  });
  const code = useWatch({ control: form.control, name: 'codigo' });
  const resendInSeconds = useSecondsLeft(codeSentAtMs + RESEND_COOLDOWN_MS);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  /** The transfer no longer waits for its code: the list offering its code must not show it. */
  function forgetWaitingTransfer() {
    queryClient.setQueryData(getPendingTransfersQueryOptions().queryKey, (transfers) =>
      transfers?.filter((transfer) => transfer.movimentacao_id !== movementId),
    );
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  }

  async function onRefused(error: Error, fallback: WalletFallback) {
    const failure = AppError.from(error).code;
    if (failure === 'transaction_not_pending') {
      forgetWaitingTransfer();
      // Done already (its answer was lost on the way) or cancelled: the movement says which.
      const movement = await readTransactionNow(queryClient, movementId);
      if (movement?.status === 'concluida') return onVerified(movement);
      if (movement?.status === 'cancelada') {
        return onCancelled({
          text: movement.expirada ? t('errors.code_expired') : t('transfer.code.cancelledElsewhere'),
        });
      }
    }
    const why = walletRefusalOf(error, fallback);
    const isCancelled =
      failure === 'code_expired' ||
      failure === 'code_attempts_exceeded' ||
      failure === 'transaction_not_pending';
    if (isCancelled) return onCancelled(why);
    if (failure === 'invalid_codes') form.reset({ codigo: '' });
    setRefusal(why);
  }

  const verify = useVerifyTransfer({
    onSuccess: onVerified,
    onError: (error) => onRefused(error, 'verification_code_error'),
  });
  const resend = useResendTransferCode({
    onSuccess: () => {
      setRefusal(null);
      notifySuccess(t('transfer.code.resentTitle'), t('transfer.code.resentBody'));
      // The old code no longer works: whatever was typed of it goes.
      form.reset({ codigo: '' });
      form.setFocus('codigo');
      onCodeResent();
    },
    onError: (error) => onRefused(error, 'code_send_error'),
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit(
        ({ codigo }) => {
          setRefusal(null);
          verify.mutate({ movementId, codigo });
        },
        (errors) =>
          setRefusal(
            walletRefusalOf(
              new AppError((errors.codigo?.message ?? 'validation_error') as ErrorCode),
              'verification_code_error',
            ),
          ),
      )}
    >
      <StepHeading>{t('transfer.code.title')}</StepHeading>
      {summary ? (
        <p className="rounded-xl bg-slate-100 px-4 py-2 text-lg font-bold text-slate-900 tabular-nums">
          {summary}
        </p>
      ) : null}
      <Field label={t('transfer.code.label')} hint={t('transfer.code.hint', { minutes: CODE_MINUTES })}>
        {(control) => (
          <CodeInput
            {...control}
            {...form.register('codigo', { onChange: () => setRefusal(null) })}
            placeholder="••••••"
          />
        )}
      </Field>
      <StepRefusal refusal={refusal} />
      <div className="flex flex-col gap-2">
        <Button type="submit" size="lg" disabled={!isVerificationCodeFormat(code) || verify.isPending}>
          {verify.isPending ? <Spinner /> : null}
          {verify.isPending ? t('transfer.code.verifying') : t('transfer.code.verify')}
        </Button>
        <Button
          variant="ghost"
          disabled={resendInSeconds > 0 || resend.isPending || verify.isPending}
          onClick={() => resend.mutate(movementId)}
        >
          {resend.isPending ? <Spinner /> : null}
          {resend.isPending
            ? t('transfer.code.resending')
            : resendInSeconds > 0
              ? t('transfer.code.resendIn', { seconds: resendInSeconds })
              : t('transfer.code.resend')}
        </Button>
      </div>
    </form>
  );
}
