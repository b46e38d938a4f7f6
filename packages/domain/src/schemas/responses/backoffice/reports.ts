import { z } from 'zod';
import { REPORT_STATUSES } from '../../../statuses.ts';
import { named } from '../../contract.ts';
import { timestampSchema } from '../common.ts';

// The back office's reports responses of the HTTP contract, named for components.schemas.

/** A person of a report: the payer or the payee. */
export const adminReportPersonSchema = named(
  'AdminReportPerson',
  z.object({ id: z.uuid(), nome: z.string(), email: z.string(), telefone: z.string() }),
);
export type AdminReportPerson = z.output<typeof adminReportPersonSchema>;

/**
 * A "wrong person" report as support decides it: the transfer, what is held on the payee's side
 * (retido_centis), the payer's words, and the decision once made.
 */
export const adminReportSchema = named(
  'AdminReport',
  z.object({
    id: z.uuid(),
    movimentacao_id: z.uuid(),
    status: z.enum(REPORT_STATUSES),
    quantidade_centis: z.int(),
    retido_centis: z.int(),
    descricao: z.string().nullable(),
    decisao_motivo: z.string().nullable(),
    operador_nome: z.string().nullable(),
    estorno_id: z.uuid().nullable(),
    criado_em: timestampSchema,
    prazo_em: timestampSchema,
    decidido_em: timestampSchema.nullable(),
    transferencia_em: timestampSchema,
    pagador: adminReportPersonSchema,
    recebedor: adminReportPersonSchema,
  }),
);
export type AdminReport = z.output<typeof adminReportSchema>;

/** The reports of one status (open ones by deadline, others newest first), at most 200. */
export const adminReportListSchema = named(
  'AdminReportList',
  z.object({ reclamacoes: z.array(adminReportSchema) }),
);
export type AdminReportList = z.output<typeof adminReportListSchema>;

/** One report (after a decision: as it now stands). */
export const adminReportEnvelopeSchema = named(
  'AdminReportEnvelope',
  z.object({ reclamacao: adminReportSchema }),
);
export type AdminReportEnvelope = z.output<typeof adminReportEnvelopeSchema>;
