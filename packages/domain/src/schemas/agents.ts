import { z } from 'zod';
import { AGENT_INTERVALS_PER_DAY_MAX } from '../agents.ts';
import { named } from './contract.ts';
import { requiredText } from './fields.ts';

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
