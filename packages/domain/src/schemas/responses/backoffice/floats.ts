import { z } from 'zod';
import { named } from '../../contract.ts';
import { fourEyesShape } from './adjustments.ts';

// The back office's float issuances and redemptions, named for components.schemas.

/**
 * An issuance (emissao: issuer → the agent's float, against a bank deposit) or a redemption
 * (resgate: the float → issuer, for cash), proposed by one operator and decided by another;
 * movimentacao_id is the ledger's movement once approved.
 */
export const adminFloatOperationSchema = named(
  'AdminFloatOperation',
  z.object({
    id: z.uuid(),
    tipo: z.enum(['emissao', 'resgate']),
    agente_id: z.uuid(),
    agente_numero: z.int(),
    agente_nome_comercial: z.string(),
    quantidade_centis: z.int(),
    referencia: z.string(),
    /** YYYY-MM-DD; an issuance's only. */
    data_deposito: z.string().nullable(),
    ...fourEyesShape,
  }),
);
export type AdminFloatOperation = z.output<typeof adminFloatOperationSchema>;

export const adminFloatOperationListSchema = named(
  'AdminFloatOperationList',
  z.object({ items: z.array(adminFloatOperationSchema), total: z.int(), next_cursor: z.string().nullable() }),
);
export type AdminFloatOperationList = z.output<typeof adminFloatOperationListSchema>;

export const adminFloatOperationEnvelopeSchema = named(
  'AdminFloatOperationEnvelope',
  z.object({ operacao: adminFloatOperationSchema }),
);
export type AdminFloatOperationEnvelope = z.output<typeof adminFloatOperationEnvelopeSchema>;
