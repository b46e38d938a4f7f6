import { z } from 'zod';
import { LOCALES } from '../../../locales.ts';
import { HELP_REQUEST_STATUSES, HELP_SUBJECTS } from '../../../support.ts';
import { named } from '../../contract.ts';
import { movementKindSchema, movementStatusSchema } from '../../statuses.ts';
import { timestampSchema } from '../common.ts';

// The back office's support responses of the HTTP contract, named for components.schemas.

/** A help request in support's queue, with the person and whether their account is frozen. */
export const adminQueuedHelpRequestSchema = named(
  'AdminQueuedHelpRequest',
  z.object({
    id: z.uuid(),
    assunto: z.enum(HELP_SUBJECTS),
    texto: z.string(),
    status: z.enum(HELP_REQUEST_STATUSES),
    criado_em: timestampSchema,
    usuario_id: z.uuid(),
    nome_completo: z.string(),
    telefone: z.string(),
    congelado: z.boolean(),
  }),
);
export type AdminQueuedHelpRequest = z.output<typeof adminQueuedHelpRequestSchema>;

/**
 * A page of the help requests of one state (waiting ones oldest first), how many there are in all,
 * and the cursor of the next page (null on the last).
 */
export const adminHelpQueueSchema = named(
  'AdminHelpQueue',
  z.object({
    total: z.int(),
    pedidos: z.array(adminQueuedHelpRequestSchema),
    next_cursor: z.string().nullable(),
  }),
);
export type AdminHelpQueue = z.output<typeof adminHelpQueueSchema>;

/** A help request with the person, the movement it is about, the answer and who gave it. */
export const adminHelpRequestSchema = named(
  'AdminHelpRequest',
  z.object({
    id: z.uuid(),
    assunto: z.enum(HELP_SUBJECTS),
    texto: z.string(),
    status: z.enum(HELP_REQUEST_STATUSES),
    resposta: z.string().nullable(),
    criado_em: timestampSchema,
    respondido_em: timestampSchema.nullable(),
    respondido_por_nome: z.string().nullable(),
    fechado_em: timestampSchema.nullable(),
    fechado_por_nome: z.string().nullable(),
    usuario: z.object({
      id: z.uuid(),
      nome_completo: z.string(),
      email: z.string(),
      telefone: z.string(),
      idioma: z.enum(LOCALES),
      congelado: z.boolean(),
    }),
    movimentacao: z
      .object({
        id: z.uuid(),
        tipo: movementKindSchema,
        status: movementStatusSchema,
        quantidade_centis: z.number(),
        criado_em: timestampSchema,
      })
      .nullable(),
  }),
);
export type AdminHelpRequest = z.output<typeof adminHelpRequestSchema>;

/** One help request (after an answer or a close: as it now stands). */
export const adminHelpRequestEnvelopeSchema = named(
  'AdminHelpRequestEnvelope',
  z.object({ pedido: adminHelpRequestSchema }),
);
export type AdminHelpRequestEnvelope = z.output<typeof adminHelpRequestEnvelopeSchema>;
