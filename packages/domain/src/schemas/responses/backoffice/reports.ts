import { z } from 'zod';
import { DISPUTE_KINDS, REPORT_STATUSES } from '../../../statuses.ts';
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
 * A dispute ("wrong person" report among them) as support decides it: why (tipo), the movement
 * and whether it is posted or still held (movimentacao_status), what is held on the payee's side
 * (retido_centis), the payer's words, and the decision once made (with what a refund gave back).
 */
export const adminReportSchema = named(
  'AdminReport',
  z.object({
    id: z.uuid(),
    movimentacao_id: z.uuid(),
    tipo: z.enum(DISPUTE_KINDS),
    status: z.enum(REPORT_STATUSES),
    movimentacao_status: z.enum(['pendente', 'concluida', 'cancelada', 'expirada']),
    quantidade_centis: z.int(),
    retido_centis: z.int(),
    descricao: z.string().nullable(),
    decisao_motivo: z.string().nullable(),
    operador_nome: z.string().nullable(),
    estorno_id: z.uuid().nullable(),
    reembolso_centis: z.int().nullable(),
    criado_em: timestampSchema,
    prazo_em: timestampSchema,
    decidido_em: timestampSchema.nullable(),
    transferencia_em: timestampSchema,
    pagador: adminReportPersonSchema,
    recebedor: adminReportPersonSchema,
    // The disputed movement's kind. A complaint about a cash-out (saque) or cash-in (deposito)
    // names the customer as pagador and the agent's person as recebedor, and is refunded from the
    // agent's float (agente: its number, business name and what the float has free now), up to
    // what the customer paid (pago_centis, a cash-out's fee included).
    movimentacao_tipo: z.string(),
    agente: z.object({ numero: z.int(), nome_comercial: z.string(), disponivel_centis: z.int() }).nullable(),
    pago_centis: z.int().nullable(),
  }),
);
export type AdminReport = z.output<typeof adminReportSchema>;

/**
 * A page of the reports of one status (open ones by deadline, others newest first), how many that
 * status holds, and the cursor of the next page (null on the last).
 */
export const adminReportListSchema = named(
  'AdminReportList',
  z.object({ reclamacoes: z.array(adminReportSchema), total: z.int(), next_cursor: z.string().nullable() }),
);
export type AdminReportList = z.output<typeof adminReportListSchema>;

/** One report (after a decision: as it now stands). */
export const adminReportEnvelopeSchema = named(
  'AdminReportEnvelope',
  z.object({ reclamacao: adminReportSchema }),
);
export type AdminReportEnvelope = z.output<typeof adminReportEnvelopeSchema>;
