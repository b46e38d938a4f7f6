import type { Gender, Locale, VerificationLevel } from '@kreyolcash/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { followAccountLanguage } from '@/lib/i18n';
import type { QueryConfig } from '@/lib/react-query';

/** The signed-in user as GET /api/me shows it (the usuarios row, no secrets). */
export type Me = {
  id: string;
  nome_completo: string;
  pais: string;
  documento: string;
  tipo_documento: string;
  document_photo_url: string;
  /** Same-origin path (`/api/files/profiles/…`), or null without a photo. */
  profile_photo_url: string | null;
  email: string;
  telefone: string;
  data_nascimento: string;
  sexo: Gender;
  status: string;
  email_confirmado: boolean;
  /** The sign-up phone proven by its WhatsApp code: until then no sending, buying or inviting. */
  telefone_verificado: boolean;
  /** The language of the user's WhatsApp messages and e-mails. */
  idioma: Locale;
  criado_em: string;
  /** The verification level: 0 e-mail, 1 phone proven, 2 document approved. */
  nivel: VerificationLevel;
  /** A frozen account sends nothing; it still signs in, sees everything and receives. */
  congelado: boolean;
  congelado_por: 'usuario' | 'operador' | null;
};

/** GET /api/me; a language the account took on another device becomes this device's too. */
export async function getMe(signal?: AbortSignal): Promise<Me> {
  const me = await apiClient.get<Me>('/api/me', { signal });
  void followAccountLanguage(me.idioma);
  return me;
}

export function getMeQueryOptions() {
  return queryOptions({ queryKey: ['me'], queryFn: ({ signal }) => getMe(signal) });
}

export function useMe({ queryConfig }: { queryConfig?: QueryConfig<typeof getMeQueryOptions> } = {}) {
  return useQuery({ ...getMeQueryOptions(), ...queryConfig });
}

/** "Marie" of "Marie Jean-Baptiste": the greeting's first name. */
export function firstNameOf(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}
