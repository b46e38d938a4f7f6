import type { Gender, Locale, SignedUp } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** The wizard's answers once validated (documento as 10 digits, telefone in E.164). */
export type SignUpRequest = {
  nome_completo: string;
  documento: string;
  email: string;
  telefone: string;
  data_nascimento: string;
  sexo: Gender;
  password: string;
  document_photo: File;
  profile_photo: File;
  /** The inviter's referral code, from an invitation link. */
  codigo_indicacao?: string | undefined;
  /** The language the person signed up in: their WhatsApp messages and e-mails follow it. */
  idioma?: Locale | undefined;
};

/** POST /api/auth/signup: one multipart request with the fields and both photos. */
export function signUp(request: SignUpRequest): Promise<SignedUp> {
  const form = new FormData();
  for (const [name, value] of Object.entries(request)) {
    if (value === undefined) continue;
    if (value instanceof File) form.append(name, value, value.name);
    else form.append(name, value);
  }
  return apiClient.request('/api/auth/signup', { method: 'POST', form, auth: false });
}

export function useSignUp(
  options: Omit<UseMutationOptions<SignedUp, Error, SignUpRequest>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: signUp });
}
