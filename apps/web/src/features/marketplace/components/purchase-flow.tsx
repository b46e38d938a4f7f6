import {
  AppError,
  formatKreyol,
  type ProductDetail,
  type Purchase,
  SELLER_NOTIFIED_TOAST_DELAY_MS,
  type StartedPurchase,
  type PurchaseVerification as VerificationAnswer,
  type Wallet,
} from '@kreyolcash/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Refusal } from '@/components/ui/step-refusal';
import { isRetryableFailure } from '@/lib/api-client';
import { errorTextIn, isSessionFailure } from '@/lib/error-text';
import { useTranslation } from '@/lib/i18n';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { notifySuccess } from '@/lib/notify';
import { cancelPurchase, useCancelPurchase } from '../api/cancel-purchase';
import { getPendingPurchasesQueryOptions } from '../api/get-pending-purchases';
import { getPurchase } from '../api/get-purchase';
import { useResendPurchaseCode } from '../api/resend-purchase-code';
import { useStartPurchase } from '../api/start-purchase';
import { useVerifyPurchase } from '../api/verify-purchase';
import { endedSaleOf } from './ended-sale';
import { marketplaceRefusalOf, notifyMarketplaceError } from './marketplace-text';
import { PurchaseForm } from './purchase-form';
import { PurchaseSuccess } from './purchase-success';
import { PurchaseVerification } from './purchase-verification';
import { SoldOut } from './sold-out';
import { useResumablePurchase } from './use-resumable-purchase';
import { WaitingPurchase } from './waiting-purchase';

// Spec §4: form → verification once the sale has started (its id kept, the quantity fixed) →
// success once the code is right. A wrong code stays; an expired or exhausted one (the server
// has voided the sale) goes back to the form, as does the back button (which voids it). A sale
// that ended without this screen hearing of it (a confirmation whose answer was lost) shows how
// it ended: paid, or voided.
type VerifyStep = {
  name: 'verify';
  saleId: string;
  quantity: number;
  totalCentis: number;
  attempt: number;
  attemptsLeft?: number;
  /** When its current code was sent: a new one can be asked for 30 s later. */
  codeSentAtMs: number;
};
type Step = { name: 'form' } | VerifyStep | { name: 'done'; sale: Purchase };

type PurchaseFlowProps = {
  product: ProductDetail;
  companyId: string;
  wallet: Wallet | undefined;
  walletFailed: boolean;
  onRetryWallet: () => void;
};

export function PurchaseFlow({ product, companyId, wallet, walletFailed, onRetryWallet }: PurchaseFlowProps) {
  const { t } = useTranslation('marketplace');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [quantity, setQuantity] = useState(1);
  // Why the step was refused, shown in it until the buyer acts (types, taps again, goes back).
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // One key per purchase attempt, kept while the same attempt is retried after a network failure.
  const attempt = useRef<{ key: string; quantity: number; price: number } | null>(null);
  const pendingSaleId = useRef<string | null>(null);
  useEffect(() => {
    pendingSaleId.current = step.name === 'verify' ? step.saleId : null;
  }, [step]);

  // Leaving the page with a code pending frees the money and the stock it holds.
  useEffect(
    () => () => {
      if (pendingSaleId.current) void cancelPurchase(pendingSaleId.current).catch(() => {});
    },
    [],
  );

  const waiting = useResumablePurchase(product.id, step.name === 'verify' ? step.saleId : null, resumeSale);
  // What this buyer can take: the stock nobody holds, and their own pending units (a new purchase
  // of the product cancels theirs).
  const available =
    product.estoque_disponivel === null ? null : product.estoque_disponivel + (waiting?.quantidade ?? 0);
  const resend = useResendPurchaseCode();

  const start = useStartPurchase();
  const verify = useVerifyPurchase();
  const cancel = useCancelPurchase();

  /** Back to the code of a purchase already waiting for it. */
  function resumeSale(sale: Purchase) {
    setQuantity(sale.quantidade);
    setStep({
      name: 'verify',
      saleId: sale.id,
      quantity: sale.quantidade,
      totalCentis: sale.total_centis,
      attempt: 0,
      codeSentAtMs: Date.parse(sale.criado_em),
    });
  }

  function refreshBalance() {
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  }

  function refuseShort(totalCentis: number | null) {
    if (!wallet) {
      setRefusal(marketplaceRefusalOf(new AppError('balance_check_error'), { fallback: 'purchase_error' }));
      return;
    }
    setRefusal({
      title: t('purchase.insufficientTitle'),
      text: t('purchase.insufficientBody', {
        needed: totalCentis === null ? '—' : formatKreyol(totalCentis),
        balance: formatKreyol(wallet.disponivel_centis),
      }),
    });
  }

  function refuse(error: unknown, fallback: 'purchase_error' | 'verification_code_error') {
    setRefusal(marketplaceRefusalOf(error, { fallback }));
  }

  function onStarted(started: StartedPurchase, chosen: number) {
    attempt.current = null;
    setStep({
      name: 'verify',
      saleId: started.venda_id,
      quantity: chosen,
      totalCentis: started.total_centis,
      attempt: 0,
      codeSentAtMs: Date.now(),
    });
    refreshBalance();
    notifySuccess(t('success.code_sent'), t('success.check_whatsapp_code'));
  }

  function onStartFailed(error: Error) {
    const failure = AppError.from(error);
    if (!isRetryableFailure(failure)) attempt.current = null;
    if (isSessionFailure(failure)) return;
    switch (failure.code) {
      case 'insufficient_balance': {
        // The balance moved since it was shown: show the server's total against a fresh one.
        refreshBalance();
        const total = failure.details?.total_centis;
        refuseShort(typeof total === 'number' ? total : null);
        return;
      }
      case 'product_not_found':
        notifyMarketplaceError(failure, { fallback: 'purchase_error' });
        void navigate('/companies', { replace: true });
        return;
      // The seller changed the price since the page was read: the page reads it again, and says
      // the new one; nothing was held.
      case 'price_changed':
      case 'insufficient_stock':
      case 'invalid_quantity':
        void queryClient.invalidateQueries({ queryKey: ['marketplace', 'products', product.id] });
        refuse(failure, 'purchase_error');
        return;
      default:
        refuse(failure, 'purchase_error');
    }
  }

  function onStart(chosen: number) {
    setRefusal(null);
    setQuantity(chosen);
    // A retry of the same attempt (same quantity, same price seen) keeps its key; the price is in
    // the request's hash, so a price read again since is a new attempt.
    const price = product.preco_centis;
    const same = attempt.current?.quantity === chosen && attempt.current.price === price;
    const key = same && attempt.current ? attempt.current.key : newIdempotencyKey();
    attempt.current = { key, quantity: chosen, price };
    start.mutate(
      {
        produto_id: product.id,
        quantidade: chosen,
        preco_unitario_centis: product.preco_centis,
        idempotencyKey: key,
      },
      { onSuccess: (started) => onStarted(started, chosen), onError: onStartFailed },
    );
  }

  function showPaid(sale: Purchase) {
    setStep({ name: 'done', sale });
    notifySuccess(t('success.title'), t('success.purchase_success'));
    // Spec §4: "seller notified" comes a second later (the server has queued the message).
    setTimeout(() => notifySuccess(t('success.seller_notified')), SELLER_NOTIFIED_TOAST_DELAY_MS);
  }

  /** The sale no longer waits for its code: the banner offering its code must not linger. */
  function forgetWaitingSale(saleId: string) {
    queryClient.setQueryData(getPendingPurchasesQueryOptions().queryKey, (sales) =>
      sales?.filter((sale) => sale.id !== saleId),
    );
    refreshBalance();
    void queryClient.invalidateQueries({ queryKey: ['marketplace'] });
  }

  /** How a sale ended without this screen hearing of it: paid (the same success), or voided. */
  function showEnded(sale: Purchase) {
    const ended = endedSaleOf(sale, Date.now());
    if (ended === 'pending') return setRefusal({ text: t('errors.verification_code_error') });
    forgetWaitingSale(sale.id);
    if (ended === 'paid') return showPaid(sale);
    setRefusal({ text: ended === 'expired' ? t('errors.code_expired') : t('purchase.ended.cancelled') });
    setStep({ name: 'form' });
  }

  /** A confirmation, a resend or a back refused as "not pending": read the sale to know why. */
  function readEndedSale(saleId: string, onRead: (sale: Purchase) => void) {
    getPurchase(saleId).then(onRead, (error: unknown) => {
      if (!isSessionFailure(error)) refuse(error, 'purchase_error');
    });
  }

  function onVerified(answer: VerificationAnswer, current: VerifyStep) {
    if (answer.success) return showPaid(answer.venda);
    const text = errorTextIn('marketplace', answer.error) ?? t('errors.verification_code_error');
    if (answer.error === 'invalid_codes') {
      const left = answer.tentativas_restantes;
      setRefusal({
        text: left === undefined ? text : `${text} ${t('purchase.verify.attemptsLeft', { count: left })}`,
      });
      setStep({ ...current, attempt: current.attempt + 1, attemptsLeft: left });
      return;
    }
    // Expired or out of attempts: the server voided the sale; a new purchase sends a new code.
    setRefusal({ text });
    refreshBalance();
    setStep({ name: 'form' });
  }

  function onVerify(code: string) {
    if (step.name !== 'verify') return;
    const current = step;
    setRefusal(null);
    verify.mutate(
      { saleId: current.saleId, codigo: code },
      {
        onSuccess: (answer) => onVerified(answer, current),
        onError: (error) => {
          if (isSessionFailure(error)) return;
          const { code: failure } = AppError.from(error);
          // Paid by a confirmation whose answer was lost, or voided: the sale says which.
          if (failure === 'transaction_not_pending') return readEndedSale(current.saleId, showEnded);
          refuse(error, 'verification_code_error');
          // The sale is gone: start again from the form.
          if (failure === 'sale_not_found') setStep({ name: 'form' });
        },
      },
    );
  }

  function onResend(current: VerifyStep) {
    resend.mutate(current.saleId, {
      onSuccess: () => {
        setRefusal(null);
        notifySuccess(t('purchase.verify.resentTitle'), t('purchase.verify.resentBody'));
        // A fresh, empty code entry for the new code.
        setStep({ ...current, attempt: current.attempt + 1, codeSentAtMs: Date.now() });
      },
      onError: (error) => {
        if (isSessionFailure(error)) return;
        const { code } = AppError.from(error);
        if (code === 'transaction_not_pending') return readEndedSale(current.saleId, showEnded);
        refuse(error, 'purchase_error');
        if (code === 'code_expired' || code === 'code_attempts_exceeded') {
          refreshBalance();
          setStep({ name: 'form' });
        }
      },
    });
  }

  function onBack() {
    if (step.name !== 'verify') return;
    setRefusal(null);
    const { saleId } = step;
    cancel.mutate(saleId, {
      onSuccess: () => setStep({ name: 'form' }),
      onError: (error) => {
        const { code } = AppError.from(error);
        // Voided already is what "back" wanted; paid already (an answer lost) must be shown.
        if (code === 'transaction_not_pending') {
          return readEndedSale(saleId, (sale) => {
            forgetWaitingSale(sale.id);
            if (endedSaleOf(sale, Date.now()) === 'paid') showPaid(sale);
            else setStep({ name: 'form' });
          });
        }
        if (!isSessionFailure(error)) notifyMarketplaceError(error, { fallback: 'purchase_error' });
        setStep({ name: 'form' });
      },
    });
  }

  switch (step.name) {
    case 'form':
      // Not while a refusal is told: a sale of the last units that just ended leaves a stock of 0
      // until the product is read again, and its refusal (voided, expired) must show meanwhile.
      if (available === 0 && !refusal) return <SoldOut productName={product.nome} companyId={companyId} />;
      return (
        <>
          {waiting ? <WaitingPurchase sale={waiting} onResume={() => resumeSale(waiting)} /> : null}
          <PurchaseForm
            product={{ ...product, estoque: available, estoque_disponivel: available }}
            wallet={wallet}
            walletFailed={walletFailed}
            onRetryWallet={onRetryWallet}
            initialQuantity={quantity}
            isStarting={start.isPending}
            onBlocked={({ totalCentis }) => refuseShort(totalCentis)}
            onStart={onStart}
            refusal={refusal}
            onEdit={() => setRefusal(null)}
          />
        </>
      );
    case 'verify':
      return (
        <PurchaseVerification
          // A fresh, empty code entry after each wrong code.
          key={step.attempt}
          productName={product.nome}
          quantity={step.quantity}
          totalCentis={step.totalCentis}
          attemptsLeft={step.attemptsLeft}
          isVerifying={verify.isPending}
          isLeaving={cancel.isPending}
          onVerify={onVerify}
          onBack={onBack}
          codeSentAtMs={step.codeSentAtMs}
          isResending={resend.isPending}
          onResend={() => onResend(step)}
          refusal={refusal}
          onEdit={() => setRefusal(null)}
        />
      );
    case 'done':
      return <PurchaseSuccess sale={step.sale} companyId={companyId} />;
  }
}
