import { zodResolver } from '@hookform/resolvers/zod';
import { AppError, isVerificationCodeFormat, type Transaction } from '@kreyolcash/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CodeInput } from '@/components/ui/code-input';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { getTransactionQueryOptions } from '../api/get-transaction';
import { useVerifyTransfer } from '../api/verify-transfer';
import { CODE_MINUTES } from './code-sent-step';
import { StepHeading } from './step-heading';
import { type CodeFormValues, codeFormSchema } from './transfer-schemas';
import { notifyFieldError, notifyWalletError } from './wallet-errors';

type CodeStepProps = {
  movementId: string;
  onVerified: (transaction: Transaction) => void;
  /** The server cancelled the transfer (code expired, too many wrong codes): start the amount again. */
  onCancelled: () => void;
};

/** Step 4: the 6-digit code from WhatsApp completes the transfer. */
export function CodeStep({ movementId, onVerified, onCancelled }: CodeStepProps) {
  const { t } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const form = useForm<CodeFormValues>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { codigo: '' },
  });
  const code = useWatch({ control: form.control, name: 'codigo' });

  const verify = useVerifyTransfer({
    onSuccess: onVerified,
    onError: async (error) => {
      const failure = AppError.from(error).code;
      if (failure === 'transaction_not_pending') {
        // Done already (its answer was lost on the way) or cancelled: the movement says which.
        const movement = await queryClient
          .fetchQuery({ ...getTransactionQueryOptions(movementId), staleTime: 0 })
          .catch(() => undefined);
        if (movement?.status === 'concluida') return onVerified(movement);
      }
      notifyWalletError(error, 'verification_code_error');
      if (failure === 'invalid_codes') form.reset({ codigo: '' });
      const isCancelled =
        failure === 'code_expired' ||
        failure === 'code_attempts_exceeded' ||
        failure === 'transaction_not_pending';
      if (isCancelled) onCancelled();
    },
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit(
        ({ codigo }) => verify.mutate({ movementId, codigo }),
        (errors) => notifyFieldError(errors.codigo?.message, 'verification_code_error'),
      )}
    >
      <StepHeading>{t('transfer.code.title')}</StepHeading>
      <Field label={t('transfer.code.label')} hint={t('transfer.code.hint', { minutes: CODE_MINUTES })}>
        {(control) => <CodeInput {...control} {...form.register('codigo')} placeholder="••••••" />}
      </Field>
      <Button type="submit" size="lg" disabled={!isVerificationCodeFormat(code) || verify.isPending}>
        {verify.isPending ? <Spinner /> : null}
        {verify.isPending ? t('transfer.code.verifying') : t('transfer.code.verify')}
      </Button>
    </form>
  );
}
