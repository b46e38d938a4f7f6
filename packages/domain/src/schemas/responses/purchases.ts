import { z } from 'zod';
import { PURCHASE_CODE_REFUSALS } from '../../statuses.ts';
import { named } from '../contract.ts';
import { saleStatusSchema } from '../statuses.ts';
import { timestampSchema } from './common.ts';

// The purchase responses of the HTTP contract, named for components.schemas (see contract.ts).

// POST /api/purchases: PENDENTE, unless a replayed key's sale has since been confirmed or cancelled.
export const startedPurchaseSchema = named(
  'StartedPurchase',
  z.object({
    venda_id: z.string(),
    status: saleStatusSchema,
    total_centis: z.int(),
    expira_em: timestampSchema,
  }),
  'A purchase priced by the server, its money and stock held, waiting for the code sent to the buyer',
);
export type StartedPurchase = z.output<typeof startedPurchaseSchema>;

// A sale as its buyer sees it: enough for the verification and success screens, and the
// seller's WhatsApp number (the company's, or the owner's when the company has none).
export const purchaseSchema = named(
  'Purchase',
  z.object({
    id: z.string(),
    /** The sale's movement: the statement's row for this purchase. */
    movimentacao_id: z.string().nullable(),
    status: saleStatusSchema,
    produto_id: z.string(),
    produto_nome: z.string(),
    quantidade: z.int(),
    preco_unitario_centis: z.int(),
    total_centis: z.int(),
    empresa_id: z.string(),
    empresa_nome: z.string(),
    /** The seller's WhatsApp number: the company's phone, or its owner's. */
    contato_whatsapp: z.string(),
    criado_em: timestampSchema,
    expira_em: timestampSchema.nullable(),
  }),
  'A sale as its buyer sees it',
);
export type Purchase = z.output<typeof purchaseSchema>;

export const pendingPurchaseListSchema = named(
  'PendingPurchaseList',
  z.object({ items: z.array(purchaseSchema) }),
  "The caller's purchases waiting for their code (at most one per product), newest first",
);
export type PendingPurchaseList = z.output<typeof pendingPurchaseListSchema>;

export const purchaseCodeRefusalSchema = z.enum(PURCHASE_CODE_REFUSALS);

// POST /api/purchases/:id/verify. A wrong, expired or exhausted code is an answer, not a failure
// (spec §8 tolerances): the buyer sees why and may try again while attempts are left.
export const purchaseConfirmedSchema = named(
  'PurchaseConfirmed',
  z.object({ success: z.literal(true), venda: purchaseSchema }),
  'The code was right: the money moved and the seller is told',
);
export const purchaseCodeRefusedSchema = named(
  'PurchaseCodeRefused',
  z.object({
    success: z.literal(false),
    error: purchaseCodeRefusalSchema,
    tentativas_restantes: z.int().optional(),
  }),
  'The code was refused: wrong (with the attempts left), expired, or out of attempts',
);
export const purchaseVerificationSchema = named(
  'PurchaseVerification',
  z.discriminatedUnion('success', [purchaseConfirmedSchema, purchaseCodeRefusedSchema]),
  "The answer to a purchase's code: confirmed, or refused and why",
);
export type PurchaseVerification = z.output<typeof purchaseVerificationSchema>;
