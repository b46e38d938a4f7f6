import { z } from 'zod';
import type { LevelLimits } from '../../levels.ts';
import { VERIFICATION_LEVELS } from '../../levels.ts';
import { FREEZE_CATEGORIES } from '../../support.ts';
import { named } from '../contract.ts';
import { documentReviewStatusSchema, phoneChangeStepSchema } from '../statuses.ts';
import { freezeActorSchema } from './account.ts';
import { timestampSchema } from './common.ts';

// The profile responses of the HTTP contract, named for components.schemas (see contract.ts): the
// freeze, the verification level and its limits, the phone change and the proof of the phone.

const verificationLevelSchema = z.union(VERIFICATION_LEVELS.map((level) => z.literal(level)));

/** Whether the account is frozen, since when, by whom, and the category an operator gave. */
export const freezeStateSchema = named(
  'FreezeState',
  z.object({
    congelado: z.boolean(),
    congelado_em: timestampSchema.nullable(),
    congelado_por: freezeActorSchema.nullable(),
    /** The operator's reason; null for the owner's own freeze. */
    congelado_motivo: z.string().nullable(),
    congelado_categoria: z.enum(FREEZE_CATEGORIES).nullable(),
  }),
  'Whether the account is frozen, since when, by whom and why',
);
export type FreezeState = z.output<typeof freezeStateSchema>;

/** The newest document photo's review, as its owner sees it. */
export const documentReviewSchema = named(
  'DocumentReview',
  z.object({
    status: documentReviewStatusSchema,
    /** Why compliance rejected the photo; null otherwise. */
    motivo: z.string().nullable(),
    enviado_em: timestampSchema,
  }),
  "The newest document photo's review: waiting, approved or rejected (with why)",
);
export type DocumentReview = z.output<typeof documentReviewSchema>;

/** The verification level and where the newest document review stands (null: none sent). */
export const identitySchema = named(
  'Identity',
  z.object({ nivel: verificationLevelSchema, revisao: documentReviewSchema.nullable() }),
  'The verification level (0, 1, 2) and the newest document review',
);
export type Identity = z.output<typeof identitySchema>;

/** What a verification level may send and hold (its type is LevelLimits of levels.ts). */
export const levelLimitsSchema = named(
  'LevelLimits',
  z.object({
    por_transferencia_centis: z.int(),
    diario_centis: z.int(),
    mensal_centis: z.int(),
    saldo_max_centis: z.int(),
  }) satisfies z.ZodType<LevelLimits>,
  'What a verification level may send (per transfer, per day, per month) and hold, in centis',
);

/** The "Limit" screen: the level, its limits and what is used of them, as the ledger counts them. */
export const limitStatusSchema = named(
  'LimitStatus',
  z.object({
    nivel: verificationLevelSchema,
    limites: levelLimitsSchema,
    /** Sent since midnight, Haiti time: transfers and purchases, pending or posted. */
    usado_hoje_centis: z.int(),
    usado_mes_centis: z.int(),
    saldo_centis: z.int(),
    congelado: z.boolean(),
    /** The next level's limits, for "how to move up"; null at the top. */
    proximo: levelLimitsSchema.nullable(),
    /**
     * The newest document review's state (null: none sent), so "how to move up" does not ask for
     * a document that is waiting for compliance, and says when one was refused.
     */
    revisao_documento: documentReviewStatusSchema.nullable(),
  }),
  'The verification level, its limits and what is used of them today and this month',
);
export type LimitStatus = z.output<typeof limitStatusSchema>;

/** An open phone change: which code it waits for, and for which new number (codes never show). */
export const phoneChangeStateSchema = named(
  'PhoneChange',
  z.object({
    etapa: phoneChangeStepSchema.extract(['verify_current', 'verify_new']),
    novo_telefone: z.string(),
    /** When the step's code dies. */
    expira_em: timestampSchema,
    tentativas_restantes: z.int(),
  }),
  "A phone change in progress: the step's code goes to the current number, then to the new one",
);
export type PhoneChange = z.output<typeof phoneChangeStateSchema>;

/** GET /api/me/phone-change: the change in progress, so a reload resumes it; null when none. */
export const currentPhoneChangeSchema = named(
  'CurrentPhoneChange',
  z.object({ change: phoneChangeStateSchema.nullable() }),
  'The phone change in progress, or null',
);
export type CurrentPhoneChange = z.output<typeof currentPhoneChangeSchema>;

/** Where the proof of the sign-up phone stands (codes never show). */
export const phoneProofStateSchema = named(
  'PhoneProof',
  z.object({
    telefone: z.string(),
    telefone_verificado: z.boolean(),
    /** The code that waits, or null when none does (never sent, spent, expired or out of attempts). */
    codigo: z.object({ expira_em: timestampSchema, tentativas_restantes: z.int() }).nullable(),
  }),
  'Where the proof of the sign-up phone stands: proven, or the code that waits',
);
export type PhoneProof = z.output<typeof phoneProofStateSchema>;
