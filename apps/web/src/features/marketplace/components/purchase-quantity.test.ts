import { describe, expect, it } from 'vitest';
import { quotePurchase } from './purchase-quantity';
import { quantityFormSchema } from './purchase-schemas';

const pen = { preco_centis: 1250, estoque: 5 };
const service = { preco_centis: 1250, estoque: null };
const wallet = { disponivel_centis: 10_000 };

describe('the purchase quantity', () => {
  it('keeps the typed quantity between 1 and the stock, and reads what is not a number as 1', () => {
    expect(quotePurchase('2', pen, wallet).quantity).toBe(2);
    expect(quotePurchase('9', pen, wallet).quantity).toBe(5);
    expect(quotePurchase('0', pen, wallet).quantity).toBe(1);
    expect(quotePurchase('', pen, wallet).quantity).toBe(1);
    expect(quotePurchase('abc', pen, wallet).quantity).toBe(1);
    expect(quotePurchase('5000', service, wallet)).toMatchObject({ quantity: 999, maxQuantity: 999 });
  });

  it('totals in exact centis and flags a balance below the total', () => {
    expect(quotePurchase('2', pen, wallet)).toMatchObject({ totalCentis: 2500, isShort: false });
    expect(quotePurchase('8', service, wallet)).toMatchObject({ totalCentis: 10_000, isShort: false });
    expect(quotePurchase('9', service, wallet)).toMatchObject({ totalCentis: 11_250, isShort: true });
  });

  it('does not call the balance short while it is unknown', () => {
    expect(quotePurchase('999', service, undefined).isShort).toBe(false);
  });

  it('submits the clamped quantity', () => {
    expect(quantityFormSchema(5).parse({ quantidade: '12' })).toEqual({ quantidade: 5 });
    expect(quantityFormSchema(null).parse({ quantidade: 'x' })).toEqual({ quantidade: 1 });
    // Nothing left in stock: no quantity is valid.
    expect(quantityFormSchema(0).safeParse({ quantidade: '1' }).success).toBe(false);
  });
});
