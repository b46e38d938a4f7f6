import { z } from 'zod';
import { agentHoursSchema } from '../agents.ts';
import { named } from '../contract.ts';
import { timestampSchema } from './common.ts';

// The agents' responses of the HTTP contract, named for components.schemas: an agent as users find
// it, and an agent's own profile with its float.

/** An agent as users find it: number, shop, where, when, and whether it is open now (Haiti time). */
export const agentListingSchema = named(
  'AgentListing',
  z.object({
    numero: z.int(),
    nome_comercial: z.string(),
    comuna: z.string(),
    endereco: z.string(),
    horario: agentHoursSchema,
    aberto_agora: z.boolean(),
  }),
  'An agent as users find it, and whether it is open now in Haiti',
);
export type AgentListing = z.output<typeof agentListingSchema>;

export const agentListingListSchema = named(
  'AgentListingList',
  z.object({ agentes: z.array(agentListingSchema) }),
  'The listed agents of a commune (paused ones left out), by business name',
);
export type AgentListingList = z.output<typeof agentListingListSchema>;

export const agentListingEnvelopeSchema = named(
  'AgentListingEnvelope',
  z.object({ agente: agentListingSchema }),
);
export type AgentListingEnvelope = z.output<typeof agentListingEnvelopeSchema>;

/** The balance of an agent's float account: total, held, and what it can give out. */
export const agentFloatSchema = named(
  'AgentFloat',
  z.object({ saldo_centis: z.int(), reservado_centis: z.int(), disponivel_centis: z.int() }),
  "The balance of an agent's float account (apart from their personal wallet)",
);
export type AgentFloat = z.output<typeof agentFloatSchema>;

/** The caller's own agent profile: what users see, whether it is paused, and the float. */
export const myAgentSchema = named(
  'MyAgent',
  z.object({
    agente: agentListingSchema,
    pausado_em: timestampSchema.nullable(),
    float: agentFloatSchema,
  }),
  "The caller's own agent profile, whether their listing is paused, and their float's balance",
);
export type MyAgent = z.output<typeof myAgentSchema>;
