import {
  OBSERVATIONS_MAX_LENGTH,
  optionalText,
  payeeSearchSchema,
  transferAmountTextField,
  verifyCodeSchema,
} from '@kreyolcash/domain';
import { z } from 'zod';

// The transfer wizard's forms, built from the same field rules the API applies (domain). Loaded
// only through dynamic import (lazyZodResolver): zod stays off the screen's first download.

/** One field, a phone or an e-mail, read into the lookup's query (`{telefone}` in E.164 or `{email}`). */
export const recipientFormSchema = payeeSearchSchema;
export type RecipientFormValues = z.input<typeof recipientFormSchema>;
export type RecipientFormData = z.output<typeof recipientFormSchema>;

/** What the payer types (`12,50`, `12.5`, `1.234,56`), read into centis; above ₭100 is max_amount_error. */
export const amountFormSchema = z.object({
  amount: transferAmountTextField,
  observacoes: optionalText(OBSERVATIONS_MAX_LENGTH),
});
export type AmountFormValues = z.input<typeof amountFormSchema>;
export type AmountFormData = z.output<typeof amountFormSchema>;

export const codeFormSchema = verifyCodeSchema;
export type CodeFormValues = z.input<typeof codeFormSchema>;
