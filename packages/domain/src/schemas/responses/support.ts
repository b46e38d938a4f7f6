import { z } from 'zod';
import { HELP_REQUEST_STATUSES, HELP_SUBJECTS, WEEKDAYS } from '../../support.ts';
import { named } from '../contract.ts';
import { timestampSchema } from './common.ts';

// The support responses of the HTTP contract, named for components.schemas (see contract.ts): how
// to reach support, and a person's own help requests.

/** A span of days and the hours support answers in them, in Haiti's time (HH:mm). */
export const supportOpeningHoursSchema = named(
  'SupportOpeningHours',
  z.object({ de: z.enum(WEEKDAYS), ate: z.enum(WEEKDAYS), abre: z.string(), fecha: z.string() }),
  "Days (from, to) and the hours support answers in them, in Haiti's time",
);
export type SupportOpeningHours = z.output<typeof supportOpeningHoursSchema>;

/** How to reach support, as the operator configured it (null: that channel is not offered). */
export const supportChannelsSchema = named(
  'SupportChannels',
  z.object({
    whatsapp: z.string().nullable(),
    email: z.string().nullable(),
    horario: z.array(supportOpeningHoursSchema),
  }),
  'How to reach support (what the operator configured; null: not offered)',
);
export type SupportChannels = z.output<typeof supportChannelsSchema>;

/** A person's help request, with support's answer once there is one. */
export const helpRequestSchema = named(
  'HelpRequest',
  z.object({
    id: z.uuid(),
    assunto: z.enum(HELP_SUBJECTS),
    texto: z.string(),
    /** One of the person's own movements the request is about, or null. */
    movimentacao_id: z.uuid().nullable(),
    status: z.enum(HELP_REQUEST_STATUSES),
    resposta: z.string().nullable(),
    respondido_em: timestampSchema.nullable(),
    fechado_em: timestampSchema.nullable(),
    criado_em: timestampSchema,
  }),
  "A person's help request, with support's answer once there is one",
);
export type HelpRequest = z.output<typeof helpRequestSchema>;

/** The person's latest help requests, newest first. */
export const helpRequestListSchema = named(
  'HelpRequestList',
  z.object({ pedidos: z.array(helpRequestSchema) }),
  "The person's latest help requests, newest first",
);
export type HelpRequestList = z.output<typeof helpRequestListSchema>;
