import { z } from 'zod';
import { named } from '../../contract.ts';
import { documentReviewStatusSchema } from '../../statuses.ts';
import { timestampSchema } from '../common.ts';

// The back office's kyc responses of the HTTP contract, named for components.schemas.

// The person as they registered: what compliance compares with the document photo.
const person = {
  usuario_id: z.uuid(),
  nome_completo: z.string(),
  documento: z.string(),
  /** YYYY-MM-DD */
  data_nascimento: z.string(),
  email: z.string(),
  telefone: z.string(),
};

/** A review waiting in the queue: the person and when the photo came. */
export const adminKycQueueItemSchema = named(
  'AdminKycQueueItem',
  z.object({ id: z.uuid(), enviado_em: timestampSchema, ...person }),
);
export type AdminKycQueueItem = z.output<typeof adminKycQueueItemSchema>;

/** A page of the pending reviews, oldest first, how many wait in all, and the next page's cursor. */
export const adminKycQueueSchema = named(
  'AdminKycQueue',
  z.object({
    total: z.int(),
    revisoes: z.array(adminKycQueueItemSchema),
    next_cursor: z.string().nullable(),
  }),
);
export type AdminKycQueue = z.output<typeof adminKycQueueSchema>;

/** One review: the person, the account's proofs, the decision if any, and its photo's address. */
export const adminDocumentReviewSchema = named(
  'AdminDocumentReview',
  z.object({
    id: z.uuid(),
    status: documentReviewStatusSchema,
    motivo: z.string().nullable(),
    enviado_em: timestampSchema,
    decidido_em: timestampSchema.nullable(),
    operador_nome: z.string().nullable(),
    /** GET /api/admin/kyc/{id}/photo: the photo of this review (every look is audited). */
    foto_url: z.string(),
    ...person,
    telefone_verificado: z.boolean(),
    documento_aprovado_em: timestampSchema.nullable(),
    conta_criada_em: timestampSchema,
  }),
);
export type AdminDocumentReview = z.output<typeof adminDocumentReviewSchema>;

/** An earlier review of the same person. */
export const adminEarlierReviewSchema = named(
  'AdminEarlierReview',
  z.object({
    id: z.uuid(),
    status: documentReviewStatusSchema,
    motivo: z.string().nullable(),
    enviado_em: timestampSchema,
    decidido_em: timestampSchema.nullable(),
  }),
);
export type AdminEarlierReview = z.output<typeof adminEarlierReviewSchema>;

/** A review with the person's earlier ones, latest first. */
export const adminKycReviewSchema = named(
  'AdminKycReview',
  z.object({ revisao: adminDocumentReviewSchema, anteriores: z.array(adminEarlierReviewSchema) }),
);
export type AdminKycReview = z.output<typeof adminKycReviewSchema>;

/** A review just decided: approved, or rejected with the reason the person is told. */
export const adminKycDecisionSchema = named(
  'AdminKycDecision',
  z.object({
    revisao: z.object({
      id: z.uuid(),
      status: documentReviewStatusSchema,
      motivo: z.string().nullable(),
      decidido_em: timestampSchema.nullable(),
    }),
  }),
);
export type AdminKycDecision = z.output<typeof adminKycDecisionSchema>;
