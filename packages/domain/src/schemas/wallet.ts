import { z } from 'zod';
import {
  AMOUNT_CEILING_CENTIS,
  HISTORY_DEFAULT_LIMIT,
  HISTORY_MAX_LIMIT,
  OBSERVATIONS_MAX_LENGTH,
} from '../constants.ts';
import { payeeIdentityOf } from '../payees.ts';
import { DISPUTE_KINDS } from '../statuses.ts';
import { transferRequestCentisField } from './amounts.ts';
import { named } from './contract.ts';
import {
  emailField,
  errorKey,
  errorKeyAndStop,
  optionalField,
  optionalText,
  phoneField,
  verificationCodeField,
} from './fields.ts';
import { historyFilterSchema } from './statuses.ts';

// A blank or malformed recipient e-mail is one message in the transfer flow: invalid_email.
const recipientEmailField = emailField('invalid_email', 'invalid_email');

const recipientPhoneField = phoneField('phone_invalid');
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Exactly one way to name the payee. None is the e-mail's invalid_email (the only form before
// pay by phone); two at once is a client mistake (validation_error).
function exactlyOne(fields: string[]) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const given = fields.filter((field) => value[field] !== undefined);
    if (given.length === 1) return;
    ctx.addIssue({
      code: 'custom',
      path: [given.length === 0 ? (fields[0] ?? '') : (given[1] ?? '')],
      message: given.length === 0 ? 'invalid_email' : 'validation_error',
    });
  };
}

// GET /api/users/lookup?email= or ?telefone= (any spelling of the number; answered in E.164).
export const userLookupQuerySchema = z
  .object({ email: optionalField(recipientEmailField), telefone: optionalField(recipientPhoneField) })
  .superRefine(exactlyOne(['email', 'telefone']));
export type UserLookupQuery = z.output<typeof userLookupQuerySchema>;

// The transfer's first field: a phone number or an e-mail, read into the lookup's query.
export const payeeSearchSchema = z.object({
  destinatario: z
    .string(errorKey('payee_required'))
    .trim()
    .min(1, errorKeyAndStop('payee_required'))
    .transform((text, ctx) => {
      const identity = payeeIdentityOf(text);
      if (identity?.kind === 'phone') return { telefone: identity.phone };
      const email = recipientEmailField.safeParse(text);
      if (email.success) return { email: email.data };
      ctx.addIssue({ code: 'custom', message: identity ? 'invalid_email' : 'phone_invalid' });
      return z.NEVER;
    }),
});
export type PayeeSearchValues = z.input<typeof payeeSearchSchema>;

// POST /api/transfers: the payee by e-mail, by phone (E.164 after normalising) or by the id a
// lookup or the recent payees answered. The payee must be able to receive (the server checks).
// tarifa_centis is the fee the payer saw (GET /api/fees/quote), absent when they saw none: a
// transfer whose fee is another one is refused (409 fee_changed), never charged.
export const transferInitiateSchema = z
  .object({
    destinatario_email: optionalField(recipientEmailField),
    destinatario_telefone: optionalField(recipientPhoneField),
    destinatario_id: optionalField(z.string().regex(UUID_SHAPE, errorKey('validation_error'))),
    quantidade_centis: transferRequestCentisField,
    observacoes: optionalText(OBSERVATIONS_MAX_LENGTH),
    tarifa_centis: z
      .int(errorKey('validation_error'))
      .min(0, errorKey('validation_error'))
      .max(AMOUNT_CEILING_CENTIS, errorKey('validation_error'))
      .optional(),
  })
  .superRefine(exactlyOne(['destinatario_email', 'destinatario_telefone', 'destinatario_id']));
export type TransferInitiateInput = z.input<typeof transferInitiateSchema>;
export type TransferInitiateBody = z.output<typeof transferInitiateSchema>;

// POST /api/transfers/:id/verify, POST /api/purchases/:id/verify and the phone-change steps.
export const verifyCodeSchema = z.object({ codigo: verificationCodeField });
export type VerifyCodeBody = z.output<typeof verifyCodeSchema>;

// GET /api/wallet/transactions?type=&limit=&cursor= (query values arrive as text).
export const historyQuerySchema = z.object({
  type: historyFilterSchema.default('all'),
  limit: z.coerce
    .number(errorKey('validation_error'))
    .int(errorKey('validation_error'))
    .min(1, errorKey('validation_error'))
    .max(HISTORY_MAX_LIMIT, errorKey('validation_error'))
    .default(HISTORY_DEFAULT_LIMIT),
  cursor: z.string().max(200, errorKey('validation_error')).optional(),
});
export type HistoryQuery = z.output<typeof historyQuerySchema>;

// POST /api/transfers/:id/report: the payer's optional words for support.
export const REPORT_DESCRIPTION_MAX = 500;
export const transferReportRequestSchema = z.object({
  // Read by support and the payee's side: only visible characters (a NUL cannot even be stored).
  descricao: optionalText(REPORT_DESCRIPTION_MAX),
});

// POST /api/wallet/transactions/:id/dispute: why the payer disputes one of their movements, and
// their words for support. A wrong person paid has its own route (POST /api/transfers/:id/report).
export const disputeRequestSchema = named(
  'DisputeRequest',
  transferReportRequestSchema.extend({
    tipo: z.enum(DISPUTE_KINDS).exclude(['pessoa_errada'], errorKey('validation_error')),
  }),
  "The payer's reason for disputing one of their movements (not a wrong person: that is reportTransfer)",
);
export type DisputeRequestBody = z.output<typeof disputeRequestSchema>;
