import { z } from 'zod';
import { FEE_BANDS_MAX, FEE_OPERATIONS } from '../fees.ts';
import { transferRequestCentisField } from './amounts.ts';
import { errorKey, errorKeyAndStop } from './fields.ts';

// Requests about fees. The rules of a table are the domain's (feeTableProblem in fees.ts), which
// name each refusal; the schema only takes numbers, so a wrong band earns its own code.

export const feeOperationSchema = z.enum(FEE_OPERATIONS);

const bandFigure = z.number(errorKey('fee_band_invalid'));

/** A whole table of one operation, as the back office replaces it. */
export const feeTableRequestSchema = z.object({
  faixas: z
    .array(
      z.object({
        de_centis: bandFigure,
        ate_centis: bandFigure,
        fixa_centis: z.number(errorKey('fee_fixed_invalid')),
        percentual_bp: z.number(errorKey('fee_percentage_invalid')),
        comissao_bp: z.number(errorKey('fee_share_invalid')),
      }),
      errorKey('validation_error'),
    )
    .max(FEE_BANDS_MAX, errorKey('fee_bands_too_many')),
});
export type FeeTableRequest = z.output<typeof feeTableRequestSchema>;

/**
 * An amount in a query string, as integer centis: the domain's amount rules (invalid_amount,
 * amount_too_large) after the digits are read.
 */
export const centisQueryField = z
  .string(errorKey('invalid_amount'))
  .regex(/^\d{1,20}$/, errorKeyAndStop('invalid_amount'))
  .transform(Number)
  .pipe(transferRequestCentisField);
