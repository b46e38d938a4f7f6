import {
  amountTextField,
  phoneField,
  transferRequestCentisField,
  verifyCodeSchema,
} from '@kreyolcash/domain';
import { z } from 'zod';

// The desk's forms, from the same field rules the API applies (domain). Loaded only through
// dynamic import (lazyZodResolver): zod stays off the screen's first download.

/** The customer's phone as people write it, and the cash received (`250`, `1.234,50`). */
export const cashInFormSchema = z.object({
  telefone: phoneField('phone_required'),
  amount: amountTextField('invalid_amount').pipe(transferRequestCentisField),
});
export type CashInFormValues = z.input<typeof cashInFormSchema>;
export type CashInFormData = z.output<typeof cashInFormSchema>;

export const codeFormSchema = verifyCodeSchema;
export type CodeFormValues = z.input<typeof codeFormSchema>;
