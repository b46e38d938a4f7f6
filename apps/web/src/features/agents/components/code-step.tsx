import {
  CASH_OUT_CODE_EXPIRY_MS,
  type HeldCashOut,
  isVerificationCodeFormat,
  type StartedCashOut,
} from '@kreyolcash/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CodeInput } from '@/components/ui/code-input';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { StepHeading } from '@/components/ui/step-heading';
import { type Refusal, StepRefusal } from '@/components/ui/step-refusal';
import { useTranslation } from '@/lib/i18n';
import { getPendingCashOutsQueryOptions, useConfirmCashOut } from '../api/cash-outs';
import { type ConfirmRefusalNext, cashOutRefusalOf, nextAfterConfirmRefusal } from '../cash-out-refusals';
import { QuoteSummary } from './quote-summary';

const CODE_MINUTES = CASH_OUT_CODE_EXPIRY_MS / 60_000;

type CodeStepProps = {
  started: StartedCashOut;
  /** A new quote and code for the same agent and amount are on their way (a fee that changed). */
  isRequoting: boolean;
  onHeld: (held: HeldCashOut) => void;
  /** Ask again for the same terms: a new quote, its fee, and a code bound to it. */
  onRequote: () => void;
  /** The code is spent or the agent gone: back to the step that fixes it, saying why. */
  onBack: (to: 'amount' | 'agent', refusal: Refusal | null) => void;
};

/** Step 3: the server's quote first, then the WhatsApp code that confirms exactly it. */
export function CodeStep({ started, isRequoting, onHeld, onRequote, onBack }: CodeStepProps) {
  const { t } = useTranslation('agents');
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [next, setNext] = useState<ConfirmRefusalNext | null>(null);
  const confirm = useConfirmCashOut();

  /** A confirmation retried after its answer was lost finds its code spent: the hold is pending. */
  async function findHeld(): Promise<HeldCashOut | undefined> {
    const pending = await queryClient
      .fetchQuery({ ...getPendingCashOutsQueryOptions(), staleTime: 0 })
      .catch(() => []);
    const { agente, cotacao } = started;
    return pending.findLast(
      (held) =>
        held.agente.numero === agente.numero &&
        held.quantidade_centis === cotacao.quantidade_centis &&
        held.tarifa_centis === cotacao.tarifa_centis,
    );
  }

  async function onRefused(error: Error) {
    const why = cashOutRefusalOf(error);
    const after = nextAfterConfirmRefusal(error);
    if (after === 'check-pending') {
      const held = await findHeld();
      return held ? onHeld(held) : onBack('amount', why);
    }
    if (after === 'start-again') return onBack('amount', why);
    if (after === 'choose-agent') return onBack('agent', why);
    setCode('');
    setNext(after);
    setRefusal(why);
  }

  function submit() {
    setRefusal(null);
    setNext(null);
    const { agente, cotacao, pedido_id } = started;
    confirm.mutate(
      {
        requestId: pedido_id,
        agente_numero: agente.numero,
        quantidade_centis: cotacao.quantidade_centis,
        tarifa_centis: cotacao.tarifa_centis,
        codigo: code,
      },
      { onSuccess: onHeld, onError: (error) => void onRefused(error) },
    );
  }

  const newFee = next === 'new-fee';
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (!newFee && isVerificationCodeFormat(code)) submit();
      }}
    >
      <StepHeading>{t('cashOut.quote.title')}</StepHeading>
      <QuoteSummary started={started} />
      <p className="text-base text-slate-800">{t('cashOut.code.sent', { minutes: CODE_MINUTES })}</p>
      <Field label={t('cashOut.code.label')}>
        {(control) => (
          <CodeInput
            {...control}
            value={code}
            disabled={newFee}
            onChange={(event) => {
              setCode(event.target.value);
              if (!newFee) setRefusal(null);
            }}
            placeholder="••••••"
          />
        )}
      </Field>
      <StepRefusal refusal={refusal} />
      {newFee ? (
        <Button size="lg" onClick={onRequote} disabled={isRequoting}>
          {isRequoting ? <Spinner /> : null}
          {t('cashOut.code.acceptNewFee')}
        </Button>
      ) : (
        <Button type="submit" size="lg" disabled={!isVerificationCodeFormat(code) || confirm.isPending}>
          {confirm.isPending ? <Spinner /> : null}
          {confirm.isPending ? t('cashOut.code.confirming') : t('cashOut.code.confirm')}
        </Button>
      )}
    </form>
  );
}
