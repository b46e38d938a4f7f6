import { clampPurchaseQuantity, purchaseCreateSchema, verifyCodeSchema } from '@kreyolcash/domain';
import { z } from 'zod';

// The purchase forms' schemas, loaded only through dynamic import (lazyZodResolver): zod stays off
// the purchase screen's first download.

export { verifyCodeSchema };

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
