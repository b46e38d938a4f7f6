import { z } from 'zod';
import { AMOUNT_CEILING_CENTIS } from '../constants.ts';
import { isRealIsoDate } from '../dates.ts';
import { named } from './contract.ts';
import { errorKey, errorKeyAndStop } from './fields.ts';

// Float issued to an agent against a bank deposit, and redeemed for cash: finance's requests
// (POST /api/admin/floats/issuances, …/redemptions). A second operator approves each.

/** A bank deposit's or a cash handover's reference, as written on the slip. */
export const FLOAT_REFERENCE_MAX_LENGTH = 60;

/** A whole number of centis, more than 0 (invalid_amount), within the ceiling (amount_too_large). */
export const floatCentisField = z
  .number(errorKey('invalid_amount'))
  .refine(Number.isSafeInteger, errorKeyAndStop('invalid_amount'))
  .refine((centis) => centis > 0, errorKeyAndStop('invalid_amount'))
  .refine((centis) => centis <= AMOUNT_CEILING_CENTIS, errorKeyAndStop('amount_too_large'));

const referenceField = z
  .string(errorKey('float_reference_invalid'))
  .trim()
  .min(1, errorKeyAndStop('float_reference_invalid'))
  .max(FLOAT_REFERENCE_MAX_LENGTH, errorKeyAndStop('float_reference_invalid'));

// The agent by its id (uuid) or its 5-digit number.
const agentField = z.string().trim().max(100);

export const floatIssuanceRequestSchema = named(
  'FloatIssuanceRequest',
  z.object({
    agente: agentField,
    quantidade_centis: floatCentisField,
    referencia: referenceField,
    /** YYYY-MM-DD, a real date (deposit_date_invalid) not after today in Haiti (deposit_date_in_future). */
    data_deposito: z
      .string(errorKey('deposit_date_invalid'))
      .refine(isRealIsoDate, errorKeyAndStop('deposit_date_invalid')),
  }),
  'Proposes issuing float to an agent (by id or number) against a bank deposit: its reference and date',
);
export type FloatIssuanceRequest = z.output<typeof floatIssuanceRequestSchema>;

export const floatRedemptionRequestSchema = named(
  'FloatRedemptionRequest',
  z.object({ agente: agentField, quantidade_centis: floatCentisField, referencia: referenceField }),
  'Proposes redeeming an agent’s ₭ (by id or number) for cash: the handover’s reference',
);
export type FloatRedemptionRequest = z.output<typeof floatRedemptionRequestSchema>;
