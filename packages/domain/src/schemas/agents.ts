import { z } from 'zod';
import { AGENT_INTERVALS_PER_DAY_MAX } from '../agents.ts';
import { transferRequestCentisField } from './amounts.ts';
import { named } from './contract.ts';
import { errorKey, phoneField, requiredText, verificationCodeField } from './fields.ts';

// Agents' requests and the hours they share with the responses. The hours' shape is checked here;
// whether they make sense (HH:MM, opening before closing, in order) is isValidAgentHours's, which
// the server answers with agent_hours_invalid.

export const agentIntervalSchema = named(
  'AgentInterval',
  z.object({ abre: z.string().max(5), fecha: z.string().max(5) }),
  "An interval an agent is open in: from abre (open) to fecha (closed), HH:MM in Haiti's time",
);

const day = z.array(agentIntervalSchema).max(AGENT_INTERVALS_PER_DAY_MAX);

export const agentHoursSchema = named(
  'AgentHours',
  z.object({ mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day }),
  "An agent's opening hours: for each weekday, the intervals it is open in (none: closed that day)",
);

export const AGENT_BUSINESS_NAME_MAX_LENGTH = 80;
export const AGENT_ADDRESS_MAX_LENGTH = 200;

// POST /api/admin/agents: support makes a level-2 user an agent.
export const agentCreateRequestSchema = named(
  'AgentCreateRequest',
  z.object({
    user_id: z.uuid(),
    // Shown to other people: invisible characters go (requiredText), as in every name.
    nome_comercial: requiredText('company_name_required', AGENT_BUSINESS_NAME_MAX_LENGTH),
    comuna: z.string().max(60),
    endereco: requiredText('fill_all_fields', AGENT_ADDRESS_MAX_LENGTH),
    horario: agentHoursSchema,
  }),
  'Makes a level-2 user an agent: business name, commune (a code of HAITI_COMMUNES), address, hours',
);
export type AgentCreateRequest = z.output<typeof agentCreateRequestSchema>;

// An agent's cash-in: the customer's phone (any spelling, as on a transfer) and the amount the
// customer hands over in cash, which arrives whole in their wallet.
export const cashInRequestSchema = named(
  'CashInRequest',
  z.object({ telefone: phoneField('phone_invalid'), quantidade_centis: transferRequestCentisField }),
  "An agent's cash-in: the customer's phone and the amount of cash handed over",
);
export type CashInRequest = z.output<typeof cashInRequestSchema>;

// A customer's cash-out at an agent: by the agent's number, for an amount of cash.
const cashOutTerms = {
  agente_numero: z
    .int(errorKey('agent_not_found'))
    .min(10_001, errorKey('agent_not_found'))
    .max(99_999, errorKey('agent_not_found')),
  quantidade_centis: transferRequestCentisField,
};

export const cashOutRequestSchema = named(
  'CashOutRequest',
  z.object(cashOutTerms),
  'A cash-out: the agent (by number) and the amount of cash to receive',
);
export type CashOutRequest = z.output<typeof cashOutRequestSchema>;

// The confirmation repeats the terms the customer saw, fee included, with the code they were sent:
// the code is bound to those terms, and a fee that changed meanwhile is refused, never charged.
export const cashOutConfirmSchema = named(
  'CashOutConfirmation',
  z.object({
    ...cashOutTerms,
    tarifa_centis: z.int(errorKey('fee_changed')).min(0, errorKey('fee_changed')),
    codigo: verificationCodeField,
  }),
  'The terms the customer saw (agent, amount, fee) and the code sent to confirm them',
);
export type CashOutConfirmation = z.output<typeof cashOutConfirmSchema>;
