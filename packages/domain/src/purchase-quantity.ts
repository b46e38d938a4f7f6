import { DEFAULT_MAX_PURCHASE_QUANTITY } from './constants.ts';

// Apart from the purchase schema (schemas/marketplace.ts), so that the purchase form can show its
// total without loading zod.

// The most one purchase may take: the stock when counted, else 999, and never above 999.
export function maxPurchaseQuantityOf(estoque: number | null | undefined): number {
  if (estoque === null || estoque === undefined) return DEFAULT_MAX_PURCHASE_QUANTITY;
  return Math.max(0, Math.min(Math.trunc(estoque), DEFAULT_MAX_PURCHASE_QUANTITY));
}

// The quantity field of the purchase form (spec §5): what is not a number becomes 1, and the
// value is kept within 1..max. With nothing in stock the result is 0, which no purchase accepts.
export function clampPurchaseQuantity(input: unknown, estoque: number | null | undefined): number {
  const parsed = typeof input === 'number' ? input : Number.parseInt(String(input), 10);
  const quantity = Number.isFinite(parsed) ? Math.trunc(parsed) : 1;
  return Math.min(Math.max(quantity, 1), maxPurchaseQuantityOf(estoque));
}
