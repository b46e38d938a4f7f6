import { z } from 'zod';
import {
  AMOUNT_CEILING_CENTIS,
  DEFAULT_MAX_PURCHASE_QUANTITY,
  MAX_TRANSFER_CENTIS,
  MIN_PURCHASE_QUANTITY,
  MIN_SERVICE_PRICE_CENTIS,
  MIN_TRANSFER_CENTIS,
} from '../constants.ts';
import type { ErrorCode } from '../error-codes.ts';
import { parseAmountToCentis } from '../parse-amount.ts';
import { errorKey, errorKeyAndStop, safeIntegerField } from './fields.ts';

// No figure of money passes AMOUNT_CEILING_CENTIS (constants.ts): above it, amount_too_large.
const withinCeiling = (centis: number) => Math.abs(centis) <= AMOUNT_CEILING_CENTIS;

// Amounts travel as integer centis. A wrong amount gets invalid_amount.
// The API takes any positive whole amount up to the ceiling: the per-transfer limit is the
// payer's verification level's, which only the ledger knows at the time of the hold. It answers
// the spec's max_amount_error above ₭100 at levels 0 and 1, transfer_limit_exceeded above level
// 2's limit.
export const transferRequestCentisField = z
  .number(errorKey('invalid_amount'))
  .refine(Number.isSafeInteger, errorKeyAndStop('invalid_amount'))
  .refine((centis) => centis >= MIN_TRANSFER_CENTIS, errorKeyAndStop('invalid_amount'))
  .refine(withinCeiling, errorKeyAndStop('amount_too_large'));

/** A transfer amount up to a limit; above it, `overKey` (spec §5: max_amount_error above ₭100). */
export function transferCentisUpTo(
  maxCentis: number,
  overKey: 'max_amount_error' | 'transfer_limit_exceeded' = 'max_amount_error',
) {
  return transferRequestCentisField.refine((centis) => centis <= maxCentis, errorKey(overKey));
}

// The spec's rule: at most ₭100 (levels 0 and 1).
export const transferCentisField = transferCentisUpTo(MAX_TRANSFER_CENTIS);

export const priceCentisField = safeIntegerField('price_must_be_positive', MIN_SERVICE_PRICE_CENTIS).refine(
  withinCeiling,
  errorKey('amount_too_large'),
);

// An operator's adjustment: signed (a credit > 0, a debit < 0), whole, never zero, within the
// ceiling. Below it the server's configured ADJUSTMENT_MAX_CENTIS applies (adjustment_too_large),
// which the domain does not know.
export const adjustmentCentisField = z
  .number(errorKey('validation_error'))
  .refine(Number.isSafeInteger, errorKeyAndStop('validation_error'))
  .refine((centis) => centis !== 0, errorKeyAndStop('invalid_amount'))
  .refine(withinCeiling, errorKeyAndStop('amount_too_large'));

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

// The transfer form's amount: typed text, then the payer's level's per-transfer limit (the form
// knows it from GET /api/me/limits), ₭100 by default.
export function transferAmountTextUpTo(
  maxCentis: number,
  overKey: 'max_amount_error' | 'transfer_limit_exceeded' = 'max_amount_error',
) {
  return amountTextField('invalid_amount').pipe(transferCentisUpTo(maxCentis, overKey));
}
export const transferAmountTextField = transferAmountTextUpTo(MAX_TRANSFER_CENTIS);

// The create-service form's price (at least ₭0,01, spec §5).
export const priceTextField = amountTextField('price_must_be_positive').pipe(priceCentisField);
