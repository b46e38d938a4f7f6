import { z } from 'zod';
import { agentHoursSchema } from '../../agents.ts';
import { named } from '../../contract.ts';
import { agentFloatSchema } from '../agents.ts';
import { timestampSchema } from '../common.ts';

// The back office's agents responses of the HTTP contract, named for components.schemas.

/** An agent as the back office sees it: the person, the listing, its float account, who made it. */
export const adminAgentSchema = named(
  'AdminAgent',
  z.object({
    id: z.uuid(),
    user_id: z.uuid(),
    nome_completo: z.string(),
    telefone: z.string(),
    numero: z.int(),
    nome_comercial: z.string(),
    comuna: z.string(),
    endereco: z.string(),
    horario: agentHoursSchema,
    conta_id: z.uuid(),
    pausado_em: timestampSchema.nullable(),
    criado_em: timestampSchema,
    criado_por: z.uuid(),
  }),
);
export type AdminAgent = z.output<typeof adminAgentSchema>;

export const adminAgentListSchema = named(
  'AdminAgentList',
  z.object({ agentes: z.array(adminAgentSchema), total: z.int(), next_cursor: z.string().nullable() }),
  'A page of agents, newest first, how many the selection holds, and the next page’s cursor (null on the last)',
);
export type AdminAgentList = z.output<typeof adminAgentListSchema>;

export const adminAgentDetailSchema = named(
  'AdminAgentDetail',
  z.object({ agente: adminAgentSchema, float: agentFloatSchema }),
  'An agent and the balance of its float account',
);
export type AdminAgentDetail = z.output<typeof adminAgentDetailSchema>;
