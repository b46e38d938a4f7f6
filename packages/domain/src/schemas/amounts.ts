import { z } from 'zod';
import {
  DEFAULT_MAX_PURCHASE_QUANTITY,
  MAX_TRANSFER_CENTIS,
  MIN_PURCHASE_QUANTITY,
  MIN_SERVICE_PRICE_CENTIS,
  MIN_TRANSFER_CENTIS,
} from '../constants.ts';
import type { ErrorCode } from '../error-codes.ts';
import { parseAmountToCentis } from '../parse-amount.ts';
import { errorKey, errorKeyAndStop, safeIntegerField } from './fields.ts';

// Amounts travel as integer centis. A wrong amount gets invalid_amount; a right one above the
// per-transfer limit gets max_amount_error (spec §5).
export const transferCentisField = z
  .number(errorKey('invalid_amount'))
  .refine(Number.isSafeInteger, errorKeyAndStop('invalid_amount'))
  .refine((centis) => centis >= MIN_TRANSFER_CENTIS, errorKeyAndStop('invalid_amount'))
  .refine((centis) => centis <= MAX_TRANSFER_CENTIS, errorKey('max_amount_error'));

export const priceCentisField = safeIntegerField('price_must_be_positive', MIN_SERVICE_PRICE_CENTIS);

export const purchaseQuantityField = safeIntegerField(
  'invalid_quantity',
  MIN_PURCHASE_QUANTITY,
  DEFAULT_MAX_PURCHASE_QUANTITY,
);

// What a person types (`12,50`, `₭ 1.234,56`) into centis, for the forms; see parseAmountToCentis.
export function amountTextField(invalidCode: ErrorCode) {
  return z.string(errorKey(invalidCode)).transform((text, context) => {
    const result = parseAmountToCentis(text);
    if (result.ok) return result.centis;
    context.addIssue({ code: 'custom', message: invalidCode, input: text });
    return z.NEVER;
  });
}

// The transfer form's amount: typed text, then the same rule as the API's quantidade_centis.
export const transferAmountTextField = amountTextField('invalid_amount').pipe(transferCentisField);

// The create-service form's price (at least ₭0,01, spec §5).
export const priceTextField = amountTextField('price_must_be_positive').pipe(priceCentisField);
