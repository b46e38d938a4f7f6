import { z } from 'zod';
import { named } from '../../contract.ts';
import { adjustmentStatusSchema } from '../../statuses.ts';
import { timestampSchema } from '../common.ts';

// The back office's adjustments responses of the HTTP contract, named for components.schemas.

/**
 * What every proposal under four eyes says of its decision (adjustments, float operations): who
 * proposed it and when, the other operator's decision and why, and the ledger's movement once
 * approved.
 */
export const fourEyesShape = {
  status: adjustmentStatusSchema,
  proposto_por: z.uuid(),
  proposto_por_nome: z.string(),
  criado_em: timestampSchema,
  decidido_por: z.uuid().nullable(),
  decidido_por_nome: z.string().nullable(),
  decidido_em: timestampSchema.nullable(),
  decisao_motivo: z.string().nullable(),
  movimentacao_id: z.uuid().nullable(),
};

/**
 * An adjustment with two approvals: who proposed it for whom, signed (credit > 0, debit < 0), and
 * the other operator's decision; movimentacao_id is the ledger's movement once approved.
 */
export const adminAdjustmentSchema = named(
  'AdminAdjustment',
  z.object({
    id: z.uuid(),
    user_id: z.uuid(),
    usuario_nome: z.string(),
    usuario_email: z.string(),
    quantidade_centis: z.int(),
    motivo: z.string(),
    referencia: z.string(),
    ...fourEyesShape,
  }),
);
export type AdminAdjustment = z.output<typeof adminAdjustmentSchema>;

/** Proposed adjustments (oldest first), or decided ones (latest first). */
export const adminAdjustmentListSchema = named(
  'AdminAdjustmentList',
  z.object({ items: z.array(adminAdjustmentSchema), total: z.int(), next_cursor: z.string().nullable() }),
);
export type AdminAdjustmentList = z.output<typeof adminAdjustmentListSchema>;

/** One adjustment, as just proposed or decided. */
export const adminAdjustmentEnvelopeSchema = named(
  'AdminAdjustmentEnvelope',
  z.object({ ajuste: adminAdjustmentSchema }),
);
export type AdminAdjustmentEnvelope = z.output<typeof adminAdjustmentEnvelopeSchema>;

/** The person an adjustment would go to, and what they can spend now. */
export const adminRecipientSchema = named(
  'AdminRecipient',
  z.object({ id: z.uuid(), nome_completo: z.string(), email: z.string(), disponivel_centis: z.int() }),
);
export type AdminRecipient = z.output<typeof adminRecipientSchema>;

export const adminRecipientEnvelopeSchema = named(
  'AdminRecipientEnvelope',
  z.object({ usuario: adminRecipientSchema }),
);
export type AdminRecipientEnvelope = z.output<typeof adminRecipientEnvelopeSchema>;
