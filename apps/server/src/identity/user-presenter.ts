import { type meSchema, verificationLevel } from '@kreyolcash/domain';
import type { z } from 'zod';
import type { UserRow } from './users.repository.ts';

// What the API shows of a user (GET /api/me, the login answer and every profile change): the
// domain's Me, never a secret, never the storage key of the private document photo. The server
// hands over the database's Date; Me's schema writes it as ISO 8601 text.
export type MeRecord = z.input<typeof meSchema>;

/** The first word of a full name: how messages greet people and name them to others. */
export function firstNameOf(nomeCompleto: string): string {
  return nomeCompleto.trim().split(/\s+/)[0] ?? '';
}

export function profilePhotoUrl(key: string | null): string | null {
  return key ? `/api/files/${key}` : null;
}

export function presentMe(user: UserRow): MeRecord {
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
