import { z } from 'zod';
import { agentHoursSchema } from '../agents.ts';
import { named } from '../contract.ts';
import { timestampSchema } from './common.ts';
import { feeQuoteSchema } from './fees.ts';

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

/** The person an agent cashes in, as the agent's screen shows them before confirming. */
export const cashInCustomerSchema = named(
  'CashInCustomer',
  z.object({ nome_completo: z.string(), profile_photo_url: z.string().nullable() }),
);

/** A cash-in held from the agent's float, waiting for the agent's code (sent to their WhatsApp). */
export const startedCashInSchema = named(
  'StartedCashIn',
  z.object({
    movimentacao_id: z.string(),
    cliente: cashInCustomerSchema,
    quantidade_centis: z.int(),
    expira_em: timestampSchema,
  }),
  "A cash-in held from the agent's float: the customer's name and photo, waiting for the agent's code",
);
export type StartedCashIn = z.output<typeof startedCashInSchema>;

export const heldCashInListSchema = named(
  'HeldCashInList',
  z.object({ depositos: z.array(startedCashInSchema) }),
  "Cash-ins still waiting for the agent's code, oldest first: what the agent may still confirm or give up",
);
export type HeldCashInList = z.output<typeof heldCashInListSchema>;

/** A cash-out's terms before anything is held: the agent, the fee, and when the code sent expires. */
export const startedCashOutSchema = named(
  'StartedCashOut',
  z.object({
    pedido_id: z.string(),
    agente: agentListingSchema,
    cotacao: feeQuoteSchema,
    codigo_expira_em: timestampSchema,
  }),
  'A cash-out quoted and its code sent to the customer; nothing is held until they confirm',
);
export type StartedCashOut = z.output<typeof startedCashOutSchema>;

/** A cash-out held (amount + fee) until its agent hands the cash over, or its time runs out. */
export const heldCashOutSchema = named(
  'HeldCashOut',
  z.object({
    movimentacao_id: z.string(),
    agente: z.object({ numero: z.int(), nome_comercial: z.string() }),
    cliente: cashInCustomerSchema,
    quantidade_centis: z.int(),
    tarifa_centis: z.int(),
    /** The part of the fee that goes to the agent's float when the cash is handed over. */
    comissao_centis: z.int(),
    expira_em: timestampSchema,
  }),
  'A cash-out held from the wallet, waiting for its agent to hand the cash over before expira_em',
);
export type HeldCashOut = z.output<typeof heldCashOutSchema>;

export const heldCashOutListSchema = named(
  'HeldCashOutList',
  z.object({ saques: z.array(heldCashOutSchema) }),
  'Cash-outs waiting for their agent, oldest first',
);
export type HeldCashOutList = z.output<typeof heldCashOutListSchema>;
