import { z } from 'zod';
import { named } from '../contract.ts';
import { transactionStatusSchema } from '../statuses.ts';
import { timestampSchema } from './common.ts';
import { transactionSchema, transferReportSchema } from './wallet.ts';

// The transfer responses of the HTTP contract, named for components.schemas (see contract.ts).

// GET /api/users/lookup: the identity asked about, as the caller typed it: the e-mail for
// ?email=, the phone (E.164) for ?telefone=; never the other one, which the caller may not know.
export const payeeSchema = named(
  'Payee',
  z.object({
    id: z.string(),
    nome_completo: z.string(),
    email: z.string().nullable(),
    telefone: z.string().nullable(),
    /** Same-origin path, or null without a photo. */
    profile_photo_url: z.string().nullable(),
  }),
  'A person who can be paid, found by the exact e-mail or phone the caller asked about',
);
export type Payee = z.output<typeof payeeSchema>;

export const recentPayeeSchema = named(
  'RecentPayee',
  z.object({
    // What to send as the payee (POST /api/transfers destinatario_id).
    destinatario_id: z.string(),
    nome_completo: z.string(),
    profile_photo_url: z.string().nullable(),
    // The payee's phone, masked (`+509 •••• 3456`): enough to recognise, not to copy.
    contato: z.string(),
  }),
  'Someone the caller paid before, to pay again by id with one tap',
);
export type RecentPayee = z.output<typeof recentPayeeSchema>;

export const recentPayeeListSchema = named(
  'RecentPayeeList',
  z.object({ items: z.array(recentPayeeSchema) }),
  'The last distinct people the caller paid, most recent first',
);
export type RecentPayeeList = z.output<typeof recentPayeeListSchema>;

// POST /api/transfers: pendente, unless a replayed key's transfer has since been posted or cancelled.
export const startedTransferSchema = named(
  'StartedTransfer',
  z.object({
    movimentacao_id: z.string(),
    status: transactionStatusSchema,
    expira_em: timestampSchema,
    /** The fee held with the amount, for the operator (0 when transfers are free). */
    tarifa_centis: z.int(),
  }),
  'A transfer held and waiting for the code sent to the payer (or, on a replay, as it is now)',
);
export type StartedTransfer = z.output<typeof startedTransferSchema>;

// A transfer waiting for its code, as the payer resumes it: to whom, how much, until when.
export const pendingTransferSchema = named(
  'PendingTransfer',
  z.object({
    movimentacao_id: z.string(),
    quantidade_centis: z.int(),
    /** The fee held with the amount (0 when none). */
    tarifa_centis: z.int(),
    destinatario_nome: z.string(),
    destinatario_email: z.string(),
    observacoes: z.string().nullable(),
    criado_em: timestampSchema,
    expira_em: timestampSchema.nullable(),
  }),
  "One of the caller's transfers still waiting for its code",
);
export type PendingTransfer = z.output<typeof pendingTransferSchema>;

export const pendingTransferListSchema = named(
  'PendingTransferList',
  z.object({ items: z.array(pendingTransferSchema) }),
  "The caller's transfers waiting for their code, newest first",
);
export type PendingTransferList = z.output<typeof pendingTransferListSchema>;

export const verifiedTransferSchema = named(
  'VerifiedTransfer',
  z.object({ transaction: transactionSchema }),
  'The transfer the code completed, as the statement shows it',
);
export type VerifiedTransfer = z.output<typeof verifiedTransferSchema>;

// A new code for a held transfer or purchase; the attempts already used and the expiry stay.
export const resentCodeSchema = named(
  'ResentCode',
  z.object({ tentativas_restantes: z.int() }),
  'A new code was sent; the attempts left are those of the first',
);
export type ResentCode = z.output<typeof resentCodeSchema>;

export const openedTransferReportSchema = named(
  'OpenedTransferReport',
  z.object({ reclamacao: transferReportSchema }),
  'The "wrong person" report the payer has just opened',
);
export type OpenedTransferReport = z.output<typeof openedTransferReportSchema>;
