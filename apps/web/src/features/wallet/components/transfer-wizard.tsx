import {
  AppError,
  formatCentis,
  formatKreyol,
  type PendingTransfer,
  type StartedTransfer,
  type Transaction,
} from '@kreyolcash/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { StepProgress } from '@/components/ui/step-progress';
import type { Refusal } from '@/components/ui/step-refusal';
import { useTranslation } from '@/lib/i18n';
import { changedFeeOf, getFeesQueryOptions } from '@/lib/published-fees';
import { useCancelTransfer } from '../api/cancel-transfer';
import { useCreateTransfer } from '../api/create-transfer';
import { readTransactionNow } from '../api/get-transaction';
import { useWallet } from '../api/get-wallet';
import { payeeFieldsOf, type Recipient } from '../api/lookup-user';
import { AmountStep } from './amount-step';
import { CodeSentStep } from './code-sent-step';
import { CodeStep } from './code-step';
import { RecipientStep } from './recipient-step';
import { type AgreedFee, feeCentisOf, type TransferFee, totalCentisOf } from './transfer-fee';
import { TransferFeeLines } from './transfer-fee-lines';
import type { AmountFormData, AmountFormValues } from './transfer-schemas';
import { TransferSuccess } from './transfer-success';
import { useResumableTransfer } from './use-resumable-transfer';
import { WaitingTransfers } from './waiting-transfers';
import { dismissWalletErrors, walletRefusalOf } from './wallet-errors';
import { WalletScreen } from './wallet-screen';

type Step = 'recipient' | 'amount' | 'code-sent' | 'code' | 'success';
const STEPS: Step[] = ['recipient', 'amount', 'code-sent', 'code'];
const emptyAmount: AmountFormValues = { amount: '', observacoes: '' };

/**
 * The transfer waiting for its code (with the fee held with it, 0 when free), and when its
 * current code was sent (for the resend's cooldown).
 */
type Pending = { transfer: StartedTransfer; amountCentis: number; codeSentAtMs: number };

/**
 * The transfer (spec §2, §4): recipient → amount → code sent → code → success. Back goes one
 * step back, or out to home from the first; stepping back out of the code steps, or leaving the
 * page, cancels the transfer waiting for its code, so its amount is not held for 15 minutes.
 */
export function TransferWizard({ onExit, ownEmail }: { onExit: () => void; ownEmail?: string | undefined }) {
  const { t } = useTranslation('wallet');
  const [step, setStep] = useState<Step>('recipient');
  const [recipient, setRecipient] = useState<Recipient | null>(null);
  const [amountValues, setAmountValues] = useState(emptyAmount);
  const [pending, setPending] = useState<Pending | null>(null);
  const [completed, setCompleted] = useState<{ transaction: Transaction; feeCentis: number } | null>(null);
  // The fee the server named when the table changed under the amount step (fee_changed): shown
  // for that amount until the payer confirms it or types another amount.
  const [agreedFee, setAgreedFee] = useState<AgreedFee | null>(null);
  const queryClient = useQueryClient();
  // Why the amount was refused, or why its transfer ended at the code: shown on the amount step
  // until the payer changes it or tries again.
  const [amountRefusal, setAmountRefusal] = useState<Refusal | null>(null);
  const wallet = useWallet();
  const cancelTransfer = useCancelTransfer();
  const create = useCreateTransfer();

  const pendingId = useRef<string | null>(null);
  pendingId.current = pending?.transfer.movimentacao_id ?? null;
  const waiting = useResumableTransfer(pendingId.current, resume);
  useEffect(
    () => () => {
      if (pendingId.current) void cancelTransfer(pendingId.current);
    },
    [cancelTransfer],
  );

  // A new step starts at its title, for screen readers and the keyboard alike.
  const stepContainer = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    stepContainer.current?.querySelector<HTMLElement>('[data-step-heading]')?.focus();
  }, [step]);

  /**
   * Backing out of either code step cancels the transfer: its money is free at once. One that was
   * completed meanwhile (in another tab, or by a confirmation whose answer was lost) cannot be
   * cancelled, and its success shows instead: back at its amount, the payer would send it again.
   */
  async function backOutOf(current: Pending) {
    const movementId = current.transfer.movimentacao_id;
    const refusal = await cancelTransfer(movementId);
    const ended =
      refusal === 'transaction_not_pending' ? await readTransactionNow(queryClient, movementId) : undefined;
    if (ended?.status === 'concluida') return showCompleted(ended, current.transfer.tarifa_centis);
    setPending(null);
    setStep('amount');
  }

  function showCompleted(transaction: Transaction, feeCentis: number) {
    dismissWalletErrors();
    setPending(null);
    setCompleted({ transaction, feeCentis });
    setStep('success');
  }

  /** Back to the code step of a transfer already waiting for its code (none is held here then). */
  function resume(transfer: PendingTransfer) {
    setRecipient({
      id: '',
      nome_completo: transfer.destinatario_nome,
      email: transfer.destinatario_email,
      profile_photo_url: null,
    });
    setAmountValues({
      amount: formatCentis(transfer.quantidade_centis),
      observacoes: transfer.observacoes ?? '',
    });
    const held = {
      movimentacao_id: transfer.movimentacao_id,
      status: 'pendente' as const,
      tarifa_centis: transfer.tarifa_centis,
    };
    setPending({
      transfer: { ...held, expira_em: transfer.expira_em ?? '' },
      amountCentis: transfer.quantidade_centis,
      codeSentAtMs: Date.parse(transfer.criado_em),
    });
    setStep('code');
  }

  function goBack() {
    if (step === 'recipient' || step === 'success') return onExit();
    setAmountRefusal(null);
    if (step === 'amount') return setStep('recipient');
    if (pending) return void backOutOf(pending);
    setStep('amount');
  }

  function sendAmount(data: AmountFormData, values: AmountFormValues, fee: TransferFee) {
    if (!recipient) return;
    setAmountValues(values);
    setAmountRefusal(null);
    // The server checks again; this saves a round trip on a slow network.
    if (wallet.data && totalCentisOf(data.amount, fee) > wallet.data.disponivel_centis) {
      setAmountRefusal(walletRefusalOf(new AppError('insufficient_balance'), 'transfer_processing_error'));
      return;
    }
    const shownFee = feeCentisOf(fee);
    const body = {
      ...payeeFieldsOf(recipient),
      quantidade_centis: data.amount,
      observacoes: data.observacoes,
      // The fee the payer saw; a free transfer sends none, as it did before transfers had a fee.
      ...(shownFee > 0 ? { tarifa_centis: shownFee } : {}),
    };
    create.mutate(body, {
      onSuccess: (transfer) => {
        // The amount was taken: a toast left from an earlier step no longer applies.
        dismissWalletErrors();
        setAgreedFee(null);
        setPending({ transfer, amountCentis: data.amount, codeSentAtMs: Date.now() });
        setStep('code-sent');
      },
      onError: (error) => {
        const newFee = changedFeeOf(error);
        if (newFee !== undefined) {
          // Nothing was held: the step shows the new fee, and the table is read again for
          // any other amount the payer may type instead.
          setAgreedFee({ amountCentis: data.amount, feeCentis: newFee });
          void queryClient.invalidateQueries({ queryKey: getFeesQueryOptions().queryKey });
        }
        setAmountRefusal(walletRefusalOf(error, 'transfer_processing_error'));
      },
    });
  }

  const stepNumber = STEPS.indexOf(step) + 1;
  return (
    <WalletScreen title={t('transfer.title')} back={goBack}>
      {step !== 'success' ? (
        <StepProgress
          current={stepNumber}
          total={STEPS.length}
          label={t('common.progress', { current: stepNumber, total: STEPS.length })}
        />
      ) : null}
      <div ref={stepContainer}>
        {step === 'recipient' ? <WaitingTransfers transfers={waiting} onResume={resume} /> : null}
        {step === 'recipient' ? (
          <RecipientStep
            recipient={recipient}
            ownEmail={ownEmail}
            onFound={setRecipient}
            onConfirm={() => setStep('amount')}
          />
        ) : null}
        {step === 'amount' && recipient ? (
          <AmountStep
            recipient={recipient}
            wallet={wallet.data}
            values={amountValues}
            isSending={create.isPending}
            refusal={amountRefusal}
            agreedFee={agreedFee}
            onEdit={() => setAmountRefusal(null)}
            onSubmit={sendAmount}
          />
        ) : null}
        {step === 'code-sent' && pending && recipient ? (
          <CodeSentStep
            amountCentis={pending.amountCentis}
            feeCentis={pending.transfer.tarifa_centis}
            recipientName={recipient.nome_completo}
            onContinue={() => setStep('code')}
          />
        ) : null}
        {step === 'code' && pending ? (
          <CodeStep
            movementId={pending.transfer.movimentacao_id}
            summary={
              recipient ? (
                <>
                  {t('transfer.codeSent.summary', {
                    amount: formatKreyol(pending.amountCentis),
                    name: recipient.nome_completo,
                  })}
                  <TransferFeeLines
                    amountCentis={pending.amountCentis}
                    feeCentis={pending.transfer.tarifa_centis}
                  />
                </>
              ) : undefined
            }
            codeSentAtMs={pending.codeSentAtMs}
            onCodeResent={() => setPending({ ...pending, codeSentAtMs: Date.now() })}
            onVerified={(transaction) => showCompleted(transaction, pending.transfer.tarifa_centis)}
            onCancelled={(refusal) => {
              // The server has cancelled it already: nothing to cancel here. Why it ended stays
              // on the amount step, where the payer starts again.
              setPending(null);
              setAmountRefusal(refusal);
              setStep('amount');
            }}
          />
        ) : null}
        {step === 'success' && completed && recipient ? (
          <TransferSuccess
            amountCentis={completed.transaction.quantidade_centis}
            feeCentis={completed.feeCentis}
            recipientName={recipient.nome_completo}
          />
        ) : null}
      </div>
    </WalletScreen>
  );
}
