import { z } from 'zod';
import { VERIFICATION_LEVELS } from '../../levels.ts';
import { LOCALES } from '../../locales.ts';
import { FREEZE_ACTORS } from '../../statuses.ts';
import { named } from '../contract.ts';
import { genderSchema } from '../statuses.ts';
import { timestampSchema } from './common.ts';

// The account responses of the HTTP contract, named for components.schemas (see contract.ts):
// the person as the app shows them, the sessions of sign-in and refresh, the sign-up.

/** Who froze an account: its owner ("I lost my phone") or an operator. */
export const freezeActorSchema = z.enum(FREEZE_ACTORS);

/**
 * The signed-in person (GET /api/me, the sign-in answer, and every change of their profile):
 * never a secret, never the storage key of the private document photo.
 */
export const meSchema = named(
  'Me',
  z.object({
    id: z.string(),
    nome_completo: z.string(),
    pais: z.string(),
    documento: z.string(),
    tipo_documento: z.string(),
    /** Where the owner fetches their private document photo (GET /api/me/document-photo). */
    document_photo_url: z.string(),
    /** Same-origin path (`/api/files/profiles/…`), or null without a photo. */
    profile_photo_url: z.string().nullable(),
    email: z.string(),
    telefone: z.string(),
    /** YYYY-MM-DD. */
    data_nascimento: z.string(),
    sexo: genderSchema,
    status: z.string(),
    email_confirmado: z.boolean(),
    /** The sign-up phone proven by a WhatsApp code: until then no sending, buying or inviting. */
    telefone_verificado: z.boolean(),
    criado_em: timestampSchema,
    /** The language of the person's WhatsApp messages and e-mails (PATCH /api/me changes it). */
    idioma: z.enum(LOCALES),
    /** The verification level (0 e-mail, 1 phone, 2 document approved), which sets the limits. */
    nivel: z.union(VERIFICATION_LEVELS.map((level) => z.literal(level))),
    /** A frozen account sends nothing; it signs in, sees everything and receives. */
    congelado: z.boolean(),
    congelado_por: freezeActorSchema.nullable(),
  }),
  'The signed-in person: no secret, no storage key',
);
export type Me = z.output<typeof meSchema>;

// The access token of a session; the refresh token is only ever in its httpOnly cookie.
const sessionTokensShape = {
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds the access token lives. */
  expires_in: z.number().int(),
  /** When it stops working, in seconds since the epoch. */
  expires_at: z.number().int(),
};

/** The sign-in answer: a new session's access token and the person. */
export const sessionSchema = named(
  'Session',
  z.object({ ...sessionTokensShape, user: meSchema }),
  'A new session: the access token (the refresh token is in its httpOnly cookie) and the person',
);
export type Session = z.output<typeof sessionSchema>;

/** The refresh answer: the session's next access token, and whose session it is. */
export const refreshedSessionSchema = named(
  'RefreshedSession',
  z.object({ ...sessionTokensShape, user_id: z.string() }),
  "The session's next access token (its next refresh token is in the cookie)",
);
export type RefreshedSession = z.output<typeof refreshedSessionSchema>;

/** The access-token part of Session and RefreshedSession, which the web app's client keeps. */
export type SessionTokens = Omit<RefreshedSession, 'user_id'>;

/** The sign-up answer: the new account, which signs in once its e-mail is confirmed. */
export const signedUpSchema = named(
  'SignedUp',
  z.object({ user: z.object({ id: z.string(), email: z.string() }) }),
  'The new account, to confirm by e-mail before it signs in',
);
export type SignedUp = z.output<typeof signedUpSchema>;

/** Whether no account uses this NIF yet (the sign-up checks again). */
export const nifAvailabilitySchema = named('NifAvailability', z.object({ available: z.boolean() }));
export type NifAvailability = z.output<typeof nifAvailabilitySchema>;
