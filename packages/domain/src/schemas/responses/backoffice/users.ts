import { z } from 'zod';
import { LOCALES } from '../../../locales.ts';
import { REPORT_STATUSES } from '../../../statuses.ts';
import { FREEZE_CATEGORIES } from '../../../support.ts';
import { named } from '../../contract.ts';
import {
  ledgerAccountKindSchema,
  movementKindSchema,
  movementSideSchema,
  movementStatusSchema,
  operatorRoleSchema,
  reportPartySchema,
  saleStatusSchema,
} from '../../statuses.ts';
import { freezeActorSchema } from '../account.ts';
import { timestampSchema } from '../common.ts';
import { limitStatusSchema } from '../profile.ts';
import { adminAuditPageSchema } from './audit.ts';

// The back office's users responses of the HTTP contract, named for components.schemas: the user
// search, a user's page and a movement's page.

/** A user found by the search, with their balance. `status` is the stored UserStatus. */
export const adminUserHitSchema = named(
  'AdminUserHit',
  z.object({
    id: z.string(),
    nome_completo: z.string(),
    email: z.string(),
    telefone: z.string(),
    documento: z.string(),
    status: z.string(),
    congelado_em: timestampSchema.nullable(),
    saldo_centis: z.number(),
  }),
);
export type AdminUserHit = z.output<typeof adminUserHitSchema>;

/** The users a search found (at most 20), by name. */
export const adminUserSearchSchema = named(
  'AdminUserSearch',
  z.object({ items: z.array(adminUserHitSchema) }),
);
export type AdminUserSearch = z.output<typeof adminUserSearchSchema>;

/** A movement that touched the user or names them; `sentido` is their side of it, if any. */
export const adminUserMovementSchema = named(
  'AdminUserMovement',
  z.object({
    id: z.string(),
    tipo: movementKindSchema,
    status: movementStatusSchema,
    quantidade_centis: z.number(),
    remetente_id: z.string().nullable(),
    remetente_nome: z.string().nullable(),
    destinatario_id: z.string().nullable(),
    destinatario_nome: z.string().nullable(),
    criado_em: timestampSchema,
    sentido: movementSideSchema.nullable(),
  }),
);
export type AdminUserMovement = z.output<typeof adminUserMovementSchema>;

/** A page of a user's movements, newest first; next_cursor asks for the next one. */
export const adminUserMovementPageSchema = named(
  'AdminUserMovementPage',
  z.object({ items: z.array(adminUserMovementSchema), next_cursor: z.string().nullable() }),
);
export type AdminUserMovementPage = z.output<typeof adminUserMovementPageSchema>;

/** The freeze in force: when, by whom (the owner or an operator), its category and reason. */
export const adminFreezeSchema = named(
  'AdminFreeze',
  z.object({
    em: timestampSchema,
    por: freezeActorSchema,
    motivo: z.string().nullable(),
    categoria: z.enum(FREEZE_CATEGORIES).nullable(),
    operador: z.object({ id: z.string(), nome: z.string(), email: z.string() }).nullable(),
  }),
);
export type AdminFreeze = z.output<typeof adminFreezeSchema>;

/** Who the user is, as they registered, and what was proven when. */
export const adminUserSchema = named(
  'AdminUser',
  z.object({
    id: z.string(),
    nome_completo: z.string(),
    email: z.string(),
    telefone: z.string(),
    documento: z.string(),
    /** YYYY-MM-DD */
    data_nascimento: z.string(),
    status: z.string(),
    idioma: z.enum(LOCALES),
    criado_em: timestampSchema,
    email_confirmado_em: timestampSchema.nullable(),
    telefone_verificado_em: timestampSchema.nullable(),
    documento_aprovado_em: timestampSchema.nullable(),
    congelamento: adminFreezeSchema.nullable(),
  }),
);
export type AdminUser = z.output<typeof adminUserSchema>;

/** The user's verification level, its limits, and how much of them today and this month used. */
export const adminUserLimitsSchema = named(
  'AdminUserLimits',
  limitStatusSchema.pick({ nivel: true, limites: true, usado_hoje_centis: true, usado_mes_centis: true }),
);
export type AdminUserLimits = z.output<typeof adminUserLimitsSchema>;

/** One of the user's app sessions (the 20 latest). */
export const adminUserSessionSchema = named(
  'AdminUserSession',
  z.object({
    id: z.string(),
    criado_em: timestampSchema,
    ultimo_uso_em: timestampSchema,
    revogado_em: timestampSchema.nullable(),
    /** A SessionEndReason, as stored. */
    motivo_revogacao: z.string().nullable(),
  }),
);
export type AdminUserSession = z.output<typeof adminUserSessionSchema>;

/** A "wrong person" report where the user is the payer or the payee (`papel`). */
export const adminUserReportSchema = named(
  'AdminUserReport',
  z.object({
    id: z.string(),
    movimentacao_id: z.string(),
    papel: reportPartySchema,
    quantidade_centis: z.number(),
    retido_centis: z.number(),
    status: z.enum(REPORT_STATUSES),
    criado_em: timestampSchema,
    prazo_em: timestampSchema,
    decidido_em: timestampSchema.nullable(),
  }),
);
export type AdminUserReport = z.output<typeof adminUserReportSchema>;

/** A user's page: identity, balance, limits, movements, sessions, reports and audit trail. */
export const adminUserPageSchema = named(
  'AdminUserPage',
  z.object({
    usuario: adminUserSchema,
    saldo: z.object({
      saldo_centis: z.number(),
      reservado_centis: z.number(),
      disponivel_centis: z.number(),
    }),
    limites: adminUserLimitsSchema,
    movimentos: adminUserMovementPageSchema,
    sessoes: z.array(adminUserSessionSchema),
    reclamacoes: z.array(adminUserReportSchema),
    auditoria: adminAuditPageSchema,
  }),
);
export type AdminUserPage = z.output<typeof adminUserPageSchema>;

/** A movement that this one corrects, or that corrects it (a reversal, an adjustment). */
export const adminRelatedMovementSchema = named(
  'AdminRelatedMovement',
  z.object({
    id: z.string(),
    tipo: movementKindSchema,
    status: movementStatusSchema,
    quantidade_centis: z.number(),
    criado_em: timestampSchema,
    motivo: z.string().nullable(),
  }),
);
export type AdminRelatedMovement = z.output<typeof adminRelatedMovementSchema>;

/** A movement as the ledger holds it, with its people and the operator its actor names. */
export const adminMovementSchema = named(
  'AdminMovement',
  z.object({
    id: z.string(),
    tipo: movementKindSchema,
    status: movementStatusSchema,
    quantidade_centis: z.number(),
    observacoes: z.string().nullable(),
    conta_debito: z.string(),
    conta_credito: z.string(),
    referente_a: z.string().nullable(),
    motivo: z.string().nullable(),
    ator: z.string().nullable(),
    /** The operator the actor names (a reversal, an adjustment), by name and role. */
    ator_operador: z.object({ id: z.string(), nome: z.string(), papel: operatorRoleSchema }).nullable(),
    criado_em: timestampSchema,
    concluido_em: timestampSchema.nullable(),
    expira_em: timestampSchema.nullable(),
    remetente_id: z.string().nullable(),
    remetente_nome: z.string().nullable(),
    remetente_email: z.string().nullable(),
    destinatario_id: z.string().nullable(),
    destinatario_nome: z.string().nullable(),
    destinatario_email: z.string().nullable(),
  }),
);
export type AdminMovement = z.output<typeof adminMovementSchema>;

/** One of a movement's ledger lines, with the account's balance before and after it. */
export const adminLedgerLineSchema = named(
  'AdminLedgerLine',
  z.object({
    id: z.string(),
    conta_id: z.string(),
    conta_tipo: ledgerAccountKindSchema,
    titular_nome: z.string().nullable(),
    valor_centis: z.number(),
    saldo_anterior_centis: z.number(),
    saldo_posterior_centis: z.number(),
    criado_em: timestampSchema,
  }),
);
export type AdminLedgerLine = z.output<typeof adminLedgerLineSchema>;

/** The sale a purchase movement paid for. */
export const adminMovementSaleSchema = named(
  'AdminMovementSale',
  z.object({
    id: z.string(),
    status: saleStatusSchema,
    quantidade: z.number(),
    preco_unitario_centis: z.number(),
    total_centis: z.number(),
    produto_nome: z.string(),
    empresa_id: z.string(),
    empresa_nome: z.string(),
  }),
);
export type AdminMovementSale = z.output<typeof adminMovementSaleSchema>;

/** The "wrong person" report on a movement, or the one a reversal settled. */
export const adminMovementReportSchema = named(
  'AdminMovementReport',
  z.object({
    id: z.string(),
    status: z.enum(REPORT_STATUSES),
    quantidade_centis: z.number(),
    retido_centis: z.number(),
    criado_em: timestampSchema,
    prazo_em: timestampSchema,
    decidido_em: timestampSchema.nullable(),
  }),
);
export type AdminMovementReport = z.output<typeof adminMovementReportSchema>;

/** A movement's page: the row, its ledger lines, its corrections, its sale and its report. */
export const adminMovementPageSchema = named(
  'AdminMovementPage',
  z.object({
    movimentacao: adminMovementSchema,
    lancamentos: z.array(adminLedgerLineSchema),
    corrige: adminRelatedMovementSchema.nullable(),
    corrigido_por: z.array(adminRelatedMovementSchema),
    venda: adminMovementSaleSchema.nullable(),
    reclamacao: adminMovementReportSchema.nullable(),
  }),
);
export type AdminMovementPage = z.output<typeof adminMovementPageSchema>;
