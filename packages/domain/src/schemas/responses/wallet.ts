import { z } from 'zod';
import { DISPUTE_KINDS, REPORT_STATUSES } from '../../statuses.ts';
import { named } from '../contract.ts';
import { transactionStatusSchema, transactionTypeSchema } from '../statuses.ts';
import { timestampSchema } from './common.ts';

// The wallet responses of the HTTP contract, named for components.schemas (see contract.ts).

export const walletSchema = named(
  'Wallet',
  z.object({
    saldo_centis: z.int(),
    reservado_centis: z.int(),
    disponivel_centis: z.int(),
    // The part of reservado_centis held by open "wrong person" reports on payments this user
    // received (the rest waits for a code). Optional: a balance kept on a device from before lacks it.
    em_verificacao_centis: z.int().optional(),
  }),
  'The balance: total, held (pending codes, open reports) and available to spend',
);
export type Wallet = z.output<typeof walletSchema>;

// The sale behind a purchase movement (ids for the app's links, never for display).
export const purchaseLineSchema = named(
  'PurchaseLine',
  z.object({
    venda_id: z.string(),
    produto_id: z.string(),
    empresa_id: z.string(),
    produto_nome: z.string(),
    empresa_nome: z.string(),
    quantidade: z.int(),
    preco_unitario_centis: z.int(),
  }),
  'What a purchase movement bought: the sale, its product, quantity, unit price and company',
);
export type PurchaseLine = z.output<typeof purchaseLineSchema>;

export const reportStatusSchema = z.enum(REPORT_STATUSES);

// A "wrong person" report on a transfer, as both people see it. retido: the amount is held while
// support decides (on the payee's side, or where a payment still held waits). descricao only
// reaches the payer who wrote it.
export const transferReportSchema = named(
  'TransferReport',
  z.object({
    id: z.string(),
    status: reportStatusSchema,
    retido: z.boolean(),
    descricao: z.string().nullable(),
    criado_em: timestampSchema,
    prazo_em: timestampSchema,
    decidido_em: timestampSchema.nullable(),
    estorno_id: z.string().nullable(),
  }),
  'A "wrong person" report on a transfer, as its payer or payee sees it',
);
export type TransferReport = z.output<typeof transferReportSchema>;

const transactionShape = {
  id: z.string(),
  type: transactionTypeSchema,
  status: transactionStatusSchema,
  quantidade_centis: z.int(),
  quantidade_kreyolcash: z.number(),
  criado_em: timestampSchema,
  // The same instant on Haiti's clocks (`YYYY-MM-DDTHH:mm:ss`): what the app shows, with no
  // time-zone work on the phone.
  criado_em_haiti: z.string(),
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
  // A posted transfer whose "wrong person" report is open: support is checking it, and the
  // payee's side holds its amount when it could.
  em_verificacao: z.boolean().optional(),
  // What was bought, for a purchase: the sale's product, quantity, unit price and company.
  compra: purchaseLineSchema.nullable(),
  // The agent of a cash-in, a cash-out or a refund from an agent's float: their number and
  // business name. Absent for every other movement.
  agente: z.object({ numero: z.int(), nome_comercial: z.string() }).optional(),
};

// One history entry as displayed (spec §3, API.md).
export const transactionSchema = named(
  'Transaction',
  z.object(transactionShape),
  'One movement of the statement, as the caller sees it (sent or received, and by whom)',
);
export type Transaction = z.output<typeof transactionSchema>;

// GET /api/wallet/transactions/:id: the movement, its "wrong person" report, and whether the
// payer may still open one.
export const transactionDetailSchema = named(
  'TransactionDetail',
  z.object({
    ...transactionShape,
    reclamacao: transferReportSchema.nullable(),
    pode_reclamar: z.boolean(),
    // What the payer paid beside the movement's amount (its fee and commission legs), shown to
    // the payer alone; absent when the movement has no fee.
    taxa_centis: z.int().positive().optional(),
    // Of a cash-out or cash-in: the reasons the customer may still complain with (none once
    // complained, corrected or past the window); absent for every other movement.
    motivos_reclamacao: z.array(z.enum(DISPUTE_KINDS)).optional(),
  }),
  'One movement with its "wrong person" report and whether the caller may still open one',
);
export type TransactionDetail = z.output<typeof transactionDetailSchema>;

export const statementPageSchema = named(
  'StatementPage',
  z.object({ items: z.array(transactionSchema), next_cursor: z.string().nullable() }),
  'A page of the statement, newest first; next_cursor asks for the page after it',
);
export type StatementPage = z.output<typeof statementPageSchema>;
