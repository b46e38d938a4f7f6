import {
  clampPurchaseQuantity,
  maxPurchaseQuantityOf,
  multiplyCentis,
  purchaseCreateSchema,
  type Wallet,
} from '@kreyolcash/domain';
import { z } from 'zod';

// The purchase form's quantity (spec §5): typed text; what is not a number becomes 1, and it
// stays within 1 and the stock (999 without stock). The API's own rule checks the result.
export function quantityFormSchema(estoque: number | null) {
  return z.object({
    quantidade: z
      .string()
      .transform((text) => clampPurchaseQuantity(text, estoque))
      .pipe(purchaseCreateSchema.shape.quantidade),
  });
}
export type QuantityFormValues = z.input<ReturnType<typeof quantityFormSchema>>;
export type QuantityFormData = z.output<ReturnType<typeof quantityFormSchema>>;

export type PurchaseQuote = {
  quantity: number;
  maxQuantity: number;
  /** null when the total would not even fit in a safe integer: no balance covers it. */
  totalCentis: number | null;
  /** The balance is known and below the total (spec §5: the button is then disabled). */
  isShort: boolean;
};

/** What the form shows for the typed quantity: the quantity it stands for, the total, the check. */
export function quotePurchase(
  typed: string,
  product: { preco_centis: number; estoque: number | null },
  wallet: Pick<Wallet, 'disponivel_centis'> | undefined,
): PurchaseQuote {
  const quantity = clampPurchaseQuantity(typed, product.estoque);
  const total = multiplyCentis(product.preco_centis, quantity);
  const totalCentis = total.ok ? total.centis : null;
  const isShort = wallet !== undefined && (totalCentis === null || totalCentis > wallet.disponivel_centis);
  return { quantity, maxQuantity: maxPurchaseQuantityOf(product.estoque), totalCentis, isShort };
}
