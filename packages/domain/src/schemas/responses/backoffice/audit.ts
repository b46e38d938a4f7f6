import { z } from 'zod';
import { named } from '../../contract.ts';
import { timestampSchema } from '../common.ts';

// The back office's audit responses of the HTTP contract, named for components.schemas.

/**
 * One row of the audit trail. `acao`, `alvo_tipo` and `papel` are the values stored (AuditAction,
 * AuditTargetType and OperatorRole today; a row older than those lists keeps its own words).
 * `antes` and `depois` are the JSON the action recorded, or null.
 */
export const adminAuditEntrySchema = named(
  'AdminAuditEntry',
  z.object({
    id: z.string(),
    criado_em: timestampSchema,
    operador_id: z.string().nullable(),
    operador_nome: z.string().nullable(),
    operador_email: z.string().nullable(),
    papel: z.string().nullable(),
    acao: z.string(),
    alvo_tipo: z.string(),
    alvo_id: z.string(),
    usuario_id: z.string().nullable(),
    usuario_nome: z.string().nullable(),
    usuario_email: z.string().nullable(),
    antes: z.unknown(),
    depois: z.unknown(),
    motivo: z.string().nullable(),
  }),
);
export type AdminAuditEntry = z.output<typeof adminAuditEntrySchema>;

/** A page of the audit trail, newest first; next_cursor asks for the next one. */
export const adminAuditPageSchema = named(
  'AdminAuditPage',
  z.object({ items: z.array(adminAuditEntrySchema), next_cursor: z.string().nullable() }),
);
export type AdminAuditPage = z.output<typeof adminAuditPageSchema>;
