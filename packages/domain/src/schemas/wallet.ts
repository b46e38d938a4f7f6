import { z } from 'zod';
import { HISTORY_DEFAULT_LIMIT, HISTORY_MAX_LIMIT, OBSERVATIONS_MAX_LENGTH } from '../constants.ts';
import { transferCentisField } from './amounts.ts';
import { emailField, errorKey, optionalText, verificationCodeField } from './fields.ts';
import { historyFilterSchema, transactionStatusSchema, transactionTypeSchema } from './statuses.ts';

// A blank or malformed recipient e-mail is one message in the transfer flow: invalid_email.
const recipientEmailField = emailField('invalid_email', 'invalid_email');

// GET /api/users/lookup?email=
export const userLookupQuerySchema = z.object({ email: recipientEmailField });
export type UserLookupQuery = z.output<typeof userLookupQuerySchema>;

// POST /api/transfers
export const transferInitiateSchema = z.object({
  destinatario_email: recipientEmailField,
  quantidade_centis: transferCentisField,
  observacoes: optionalText(OBSERVATIONS_MAX_LENGTH),
});
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

// GET /api/wallet
export const walletSchema = z.object({
  saldo_centis: z.int(),
  reservado_centis: z.int(),
  disponivel_centis: z.int(),
});
export type Wallet = z.output<typeof walletSchema>;

// The sale behind a purchase movement (ids for the app's links, never for display).
export const purchaseLineSchema = z.object({
  venda_id: z.string(),
  produto_id: z.string(),
  empresa_id: z.string(),
  produto_nome: z.string(),
  empresa_nome: z.string(),
  quantidade: z.int(),
  preco_unitario_centis: z.int(),
});
export type PurchaseLine = z.output<typeof purchaseLineSchema>;

// One history entry as displayed (spec §3, API.md).
export const transactionSchema = z.object({
  id: z.string(),
  type: transactionTypeSchema,
  status: transactionStatusSchema,
  quantidade_centis: z.int(),
  quantidade_kreyolcash: z.number(),
  criado_em: z.string(),
  remetente_nome: z.string().nullable(),
  remetente_email: z.string().nullable(),
  destinatario_nome: z.string().nullable(),
  destinatario_email: z.string().nullable(),
  observacoes: z.string().nullable(),
  // The movement's kind as stored (transferencia, compra, estorno, …): a purchase reads as a
  // purchase to its buyer and as a sale to its seller, a reversal as a reversal.
  tipo: z.string(),
  // A cancelled hold that ran out of time rather than being cancelled (status stays cancelada).
  expirada: z.boolean(),
  // A posted payment that a later reversal (tipo estorno) gave back.
  estornada: z.boolean(),
  // What was bought, for a purchase: the sale's product, quantity, unit price and company.
  compra: purchaseLineSchema.nullable(),
});
export type Transaction = z.output<typeof transactionSchema>;
