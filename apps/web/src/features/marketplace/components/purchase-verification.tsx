import { formatKreyol, VERIFICATION_CODE_LENGTH, type VerifyCodeBody } from '@kreyolcash/domain';
import { MessageCircle } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CodeCells } from '@/components/ui/code-input';
import { Spinner } from '@/components/ui/spinner';
import { type Refusal, StepRefusal } from '@/components/ui/step-refusal';
import { useSecondsLeft } from '@/hooks/use-seconds-left';
import { useTranslation } from '@/lib/i18n';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { marketplaceFieldText } from './marketplace-text';

/** How long after a code was sent before another can be asked for (the server limits them per phone too). */
const RESEND_COOLDOWN_MS = 30_000;

const resolver = lazyZodResolver(() =>
  import('./purchase-schemas').then((module) => module.verifyCodeSchema),
);

type PurchaseVerificationProps = {
  productName: string;
  quantity: number;
  totalCentis: number;
  /** Left after a wrong code (the server counts them). */
  attemptsLeft: number | undefined;
  isVerifying: boolean;
  isLeaving: boolean;
  onVerify: (code: string) => void;
  onBack: () => void;
  /** When the current code was sent, for the resend's cooldown. */
  codeSentAtMs: number;
  isResending: boolean;
  onResend: () => void;
  /** Why the last code or resend was refused: shown until the buyer types or taps again. */
  refusal: Refusal | null;
  onEdit: () => void;
};

/** Step 2: the 6-digit code from WhatsApp, the total it pays, confirm or go back. */
export function PurchaseVerification({
  productName,
  quantity,
  totalCentis,
  attemptsLeft,
  isVerifying,
  isLeaving,
  onVerify,
  onBack,
  codeSentAtMs,
  isResending,
  onResend,
  refusal,
  onEdit,
}: PurchaseVerificationProps) {
  const { t } = useTranslation('marketplace');
  const errorId = useId();
  const form = useForm<{ codigo: string }, unknown, VerifyCodeBody>({
    resolver,
    defaultValues: { codigo: '' },
  });
  const code = form.watch('codigo');
  const error = marketplaceFieldText(form.formState.errors.codigo?.message);
  const isComplete = code.length === VERIFICATION_CODE_LENGTH;
  const resendInSeconds = useSecondsLeft(codeSentAtMs + RESEND_COOLDOWN_MS);

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ codigo }) => onVerify(codigo))}
      className="flex flex-col gap-5"
    >
      <div className="flex flex-col items-center gap-2 text-center">
        <span className="grid size-16 place-items-center rounded-full bg-emerald-50 text-emerald-700">
          <MessageCircle aria-hidden="true" className="size-8" />
        </span>
        <h2 className="text-xl font-bold text-slate-900">{t('purchase.verify.title')}</h2>
        <p className="text-base text-slate-700">{t('purchase.verify.body')}</p>
      </div>

      <div className="flex flex-col gap-1 rounded-2xl border border-slate-200 bg-white px-4 py-3">
        <span className="text-base break-words text-slate-700">
          {productName} × {quantity}
        </span>
        <div className="flex items-baseline justify-between">
          <span className="text-base font-semibold text-slate-700">{t('purchase.total')}</span>
          <span className="text-2xl font-extrabold text-slate-900 tabular-nums" data-testid="verify-total">
            {formatKreyol(totalCentis)}
          </span>
        </div>
      </div>

      <div className="flex flex-col gap-2">
        <span className="text-base font-semibold text-slate-800">{t('purchase.verify.codeLabel')}</span>
        <Controller
          control={form.control}
          name="codigo"
          render={({ field }) => (
            <CodeCells
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                onEdit();
                if (form.formState.errors.codigo) form.clearErrors('codigo');
              }}
              label={t('purchase.verify.codeLabel')}
              digitLabel={(current, total) => t('purchase.verify.digit', { current, total })}
              invalid={Boolean(error)}
              describedBy={error ? errorId : undefined}
              disabled={isVerifying}
              autoFocus
            />
          )}
        />
        {error ? (
          <p id={errorId} className="text-sm font-medium text-accent-700">
            {error}
          </p>
        ) : null}
        <p className="text-sm text-slate-600">
          {t('purchase.verify.expires')}
          {attemptsLeft !== undefined
            ? ` ${t('purchase.verify.attemptsLeft', { count: attemptsLeft })}`
            : null}
        </p>
      </div>

      <StepRefusal refusal={refusal} />

      <div className="flex flex-col gap-3">
        <Button
          type="submit"
          size="lg"
          disabled={isVerifying || isLeaving}
          // Disabled until six digits (spec §5), yet a tap still says what is missing.
          aria-disabled={!isComplete || undefined}
          className="aria-disabled:opacity-50"
        >
          {isVerifying ? <Spinner /> : null}
          {isVerifying ? t('purchase.verify.submitting') : t('purchase.verify.submit')}
        </Button>
        <Button
          variant="ghost"
          disabled={resendInSeconds > 0 || isResending || isVerifying || isLeaving}
          onClick={onResend}
        >
          {isResending ? <Spinner /> : null}
          {isResending
            ? t('purchase.verify.resending')
            : resendInSeconds > 0
              ? t('purchase.verify.resendIn', { seconds: resendInSeconds })
              : t('purchase.verify.resend')}
        </Button>
        <Button variant="outline" size="lg" disabled={isVerifying || isLeaving} onClick={onBack}>
          {isLeaving ? <Spinner /> : null}
          {t('purchase.verify.back')}
        </Button>
      </div>
    </form>
  );
}
