import { LOCALES, VERIFICATION_LEVELS, verificationLevel } from '@kreyolcash/domain';
import { z } from 'zod';
import type { UserRow } from './users.repository.ts';

// What the API shows of a user (GET /api/me and the login answer): never a secret, never the
// storage key of the private document photo.
export const meSchema = z.object({
  id: z.string(),
  nome_completo: z.string(),
  pais: z.string(),
  documento: z.string(),
  tipo_documento: z.string(),
  document_photo_url: z.string(),
  profile_photo_url: z.string().nullable(),
  email: z.string(),
  telefone: z.string(),
  data_nascimento: z.string(),
  sexo: z.enum(['M', 'F', 'OUTRO']),
  status: z.string(),
  email_confirmado: z.boolean(),
  // The sign-up phone proven by a WhatsApp code: until then no sending, buying or inviting.
  telefone_verificado: z.boolean(),
  criado_em: z.date(),
  // The language of the user's WhatsApp messages and e-mails (PATCH /api/me changes it).
  idioma: z.enum(LOCALES),
  // The verification level (0 e-mail, 1 phone, 2 document approved), which sets the limits.
  nivel: z.union(VERIFICATION_LEVELS.map((n) => z.literal(n))),
  // A frozen account sends nothing; it signs in, sees everything and receives.
  congelado: z.boolean(),
  congelado_por: z.enum(['usuario', 'operador']).nullable(),
});
export type Me = z.output<typeof meSchema>;

/** The first word of a full name: how messages greet people and name them to others. */
export function firstNameOf(nomeCompleto: string): string {
  return nomeCompleto.trim().split(/\s+/)[0] ?? '';
}

export function profilePhotoUrl(key: string | null): string | null {
  return key ? `/api/files/${key}` : null;
}

export function presentMe(user: UserRow): Me {
  return {
    id: user.id,
    nome_completo: user.nome_completo,
    pais: user.pais,
    documento: user.documento,
    tipo_documento: user.tipo_documento,
    document_photo_url: '/api/me/document-photo',
    profile_photo_url: profilePhotoUrl(user.profile_photo_key),
    email: user.email,
    telefone: user.telefone,
    data_nascimento: user.data_nascimento,
    sexo: user.sexo,
    status: user.status,
    email_confirmado: user.email_confirmado_em !== null,
    telefone_verificado: user.telefone_verificado_em !== null,
    criado_em: user.criado_em,
    idioma: user.idioma,
    nivel: verificationLevel(user),
    congelado: user.congelado_em !== null,
    congelado_por: user.congelado_por,
  };
}
