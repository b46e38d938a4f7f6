import {
  clampPurchaseQuantity,
  maxPurchaseQuantityOf,
  multiplyCentis,
  type Product,
  type Wallet,
} from '@kreyolcash/domain';
import type { z } from 'zod';
import type { quantityFormSchema } from './purchase-schemas';

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
  product: Pick<Product, 'preco_centis' | 'estoque'>,
  wallet: Pick<Wallet, 'disponivel_centis'> | undefined,
): PurchaseQuote {
  const quantity = clampPurchaseQuantity(typed, product.estoque);
  const total = multiplyCentis(product.preco_centis, quantity);
  const totalCentis = total.ok ? total.centis : null;
  const isShort = wallet !== undefined && (totalCentis === null || totalCentis > wallet.disponivel_centis);
  return { quantity, maxQuantity: maxPurchaseQuantityOf(product.estoque), totalCentis, isShort };
}
