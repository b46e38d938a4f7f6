import {
  OBSERVATIONS_MAX_LENGTH,
  optionalText,
  payeeSearchSchema,
  transferAmountTextUpTo,
  verifyCodeSchema,
} from '@kreyolcash/domain';
import { z } from 'zod';

// The transfer wizard's forms, built from the same field rules the API applies (domain). Loaded
// only through dynamic import (lazyZodResolver): zod stays off the screen's first download.

/** One field, a phone or an e-mail, read into the lookup's query (`{telefone}` in E.164 or `{email}`). */
export const recipientFormSchema = payeeSearchSchema;
export type RecipientFormValues = z.input<typeof recipientFormSchema>;
export type RecipientFormData = z.output<typeof recipientFormSchema>;

/** The payer's per-transfer limit (their verification level's) and the key of going over it. */
export type AmountLimit = { maxCentis: number; overKey: 'max_amount_error' | 'transfer_limit_exceeded' };

/**
 * What the payer types (`12,50`, `12.5`, `1.234,56`), read into centis, up to the payer's
 * per-transfer limit: above ₭100 is max_amount_error at levels 0 and 1 (spec §5), above level 2's
 * limit transfer_limit_exceeded.
 */
export function amountFormSchemaFor(limit: AmountLimit) {
  return z.object({
    amount: transferAmountTextUpTo(limit.maxCentis, limit.overKey),
    observacoes: optionalText(OBSERVATIONS_MAX_LENGTH),
  });
}
export type AmountFormValues = z.input<ReturnType<typeof amountFormSchemaFor>>;
export type AmountFormData = z.output<ReturnType<typeof amountFormSchemaFor>>;

export const codeFormSchema = verifyCodeSchema;
export type CodeFormValues = z.input<typeof codeFormSchema>;
