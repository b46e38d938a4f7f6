import { z } from 'zod';
import { named } from '../contract.ts';
import { referralStatusSchema } from '../statuses.ts';
import { timestampSchema } from './common.ts';

// The referral responses of the HTTP contract, named for components.schemas (see contract.ts).

// One invitation and how far it went: sent, the friend joined, the bonus was paid.
export const referralItemSchema = named(
  'Referral',
  z.object({
    id: z.string(),
    nome: z.string(),
    telefone: z.string().nullable(),
    criado_em: timestampSchema,
    status: referralStatusSchema,
  }),
  'An invitation the caller sent, and how far it went',
);
export type Referral = z.output<typeof referralItemSchema>;

export const referralPageSchema = named(
  'ReferralPage',
  z.object({
    codigo_indicacao: z.string(),
    link: z.string(),
    bonus_pagos_mes: z.int().describe('bonuses paid this calendar month, Haiti time'),
    bonus_limite_mes: z.int().describe('the most bonuses one inviter earns per month'),
    items: z.array(referralItemSchema),
    next_cursor: z.string().nullable(),
  }),
  "The caller's referral code and sign-up link, the month's bonuses, and a page of invitations",
);
export type ReferralPage = z.output<typeof referralPageSchema>;

// GET /api/referrals/inviter/:code (public): the first name only, nothing else of them.
export const inviterSchema = named(
  'Inviter',
  z.object({ nome: z.string() }),
  'The first name of the person whose invitation link this is',
);
export type Inviter = z.output<typeof inviterSchema>;
