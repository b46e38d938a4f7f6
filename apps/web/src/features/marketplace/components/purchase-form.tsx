import { formatKreyol, type ProductDetail, type Wallet } from '@kreyolcash/domain';
import { AlertTriangle, Minus, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { type Refusal, StepRefusal } from '@/components/ui/step-refusal';
import { useTranslation } from '@/lib/i18n';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { BalanceSummary } from './balance-summary';
import { ProductCard } from './product-card';
import { type QuantityFormData, type QuantityFormValues, quotePurchase } from './purchase-quantity';

type PurchaseFormProps = {
  product: ProductDetail;
  wallet: Wallet | undefined;
  walletFailed: boolean;
  onRetryWallet: () => void;
  /** The quantity chosen before (kept when the buyer comes back from the code). */
  initialQuantity: number;
  isStarting: boolean;
  /** Tapped while the balance is short or unknown: the form cannot go on, say why. */
  onBlocked: (quote: { totalCentis: number | null }) => void;
  onStart: (quantity: number) => void;
  /** Why the last "Achte" was refused: shown until the buyer changes the quantity or taps again. */
  refusal: Refusal | null;
  onEdit: () => void;
};

/** Step 1: the balance, the product, how many, the total, and "Achte". */
export function PurchaseForm({
  product,
  wallet,
  walletFailed,
  onRetryWallet,
  initialQuantity,
  isStarting,
  onBlocked,
  onStart,
  refusal,
  onEdit,
}: PurchaseFormProps) {
  const { t } = useTranslation('marketplace');
  const resolver = useMemo(
    () =>
      lazyZodResolver(() =>
        import('./purchase-schemas').then((module) => module.quantityFormSchema(product.estoque)),
      ),
    [product.estoque],
  );
  const form = useForm<QuantityFormValues, unknown, QuantityFormData>({
    resolver,
    defaultValues: { quantidade: String(initialQuantity) },
  });
  const quote = quotePurchase(form.watch('quantidade'), product, wallet);
  // From the first tap: the quantity's check loads its rules first, and a second tap in that
  // time on a slow network would send the purchase twice.
  const isBusy = isStarting || form.formState.isSubmitting;
  // Spec §5: disabled while the balance is short or unknown; a tap on it says why.
  const isBlocked = quote.isShort || wallet === undefined || quote.maxQuantity === 0;
  const setQuantity = (quantity: number) => {
    setCorrection(null);
    onEdit();
    form.setValue('quantidade', String(quotePurchase(String(quantity), product, wallet).quantity));
  };
  // What was typed settles on the quantity it stands for (spec §5: "abc" is 1, above the stock is
  // the stock), and the buyer is told, before any code is sent, rather than corrected in silence.
  const [correction, setCorrection] = useState<'max' | 'min' | null>(null);
  const settleQuantity = (): boolean => {
    const typed = form.getValues('quantidade').trim();
    // Nothing left to buy: the button says so (onBlocked), not the field.
    if (typed === String(quote.quantity) || quote.maxQuantity === 0) return true;
    const asNumber = Number.parseInt(typed, 10);
    setQuantity(quote.quantity);
    setCorrection(Number.isFinite(asNumber) && asNumber > quote.maxQuantity ? 'max' : 'min');
    return false;
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        // A corrected quantity is shown (with its total) before the buyer confirms it.
        if (!settleQuantity()) return event.preventDefault();
        return form.handleSubmit(({ quantidade }) => {
          if (isBlocked) onBlocked(quote);
          else onStart(quantidade);
        })(event);
      }}
      className="flex flex-col gap-4"
    >
      {quote.isShort ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-base font-medium text-amber-900"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {t('purchase.insufficientWarning', {
            total: quote.totalCentis === null ? '—' : formatKreyol(quote.totalCentis),
          })}
        </p>
      ) : null}
      <BalanceSummary wallet={wallet} failed={walletFailed} onRetry={onRetryWallet} />
      <ProductCard product={product} priceLabel={t('purchase.unitPrice')} />

      <Field label={t('purchase.quantity')} hint={t('purchase.quantityHint', { max: quote.maxQuantity })}>
        {(control) => (
          <div className="flex items-center gap-2">
            <Button
              variant="outline"
              size="icon"
              aria-label={t('purchase.decrease')}
              disabled={quote.quantity <= 1}
              onClick={() => setQuantity(quote.quantity - 1)}
            >
              <Minus aria-hidden="true" className="size-5" />
            </Button>
            <Input
              {...control}
              {...form.register('quantidade', {
                onBlur: settleQuantity,
                onChange: () => {
                  setCorrection(null);
                  onEdit();
                },
              })}
              inputMode="numeric"
              autoComplete="off"
              className="text-center text-lg font-bold tabular-nums"
            />
            <Button
              variant="outline"
              size="icon"
              aria-label={t('purchase.increase')}
              disabled={quote.quantity >= quote.maxQuantity}
              onClick={() => setQuantity(quote.quantity + 1)}
            >
              <Plus aria-hidden="true" className="size-5" />
            </Button>
          </div>
        )}
      </Field>

      {correction ? (
        <p
          role="status"
          data-testid="quantity-corrected"
          className="-mt-2 rounded-xl bg-amber-50 px-3 py-2 text-base font-medium text-amber-900"
        >
          {correction === 'max'
            ? t('purchase.quantityCorrectedMax', { max: quote.maxQuantity })
            : t('purchase.quantityCorrectedMin', { max: quote.maxQuantity })}
        </p>
      ) : null}

      <div className="flex items-baseline justify-between rounded-2xl border border-slate-200 bg-white px-4 py-3">
        <span className="text-base font-semibold text-slate-700">{t('purchase.total')}</span>
        <output className="text-2xl font-extrabold text-slate-900 tabular-nums" data-testid="purchase-total">
          {quote.totalCentis === null ? '—' : formatKreyol(quote.totalCentis)}
        </output>
      </div>

      <StepRefusal refusal={refusal} />

      <Button
        type="submit"
        size="lg"
        disabled={isBusy}
        aria-disabled={isBlocked || undefined}
        className="aria-disabled:opacity-50"
      >
        {isBusy ? <Spinner /> : null}
        {isBusy ? t('purchase.submitting') : t('purchase.submit')}
      </Button>
    </form>
  );
}
