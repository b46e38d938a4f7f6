import type { Locale, LoginBody } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient, type SessionTokens } from '@/lib/api-client';
import { applyAccountLanguage } from '@/lib/i18n';

export type LoginAnswer = SessionTokens & {
  user: { id: string; nome_completo: string; email: string; idioma: Locale };
};

/**
 * POST /api/auth/login: checks the password, then holds the new session (the cookie is the
 * server's) and shows the app in the account's language before the next screen is drawn.
 */
export async function login(body: LoginBody): Promise<LoginAnswer> {
  const answer = await apiClient.post<LoginAnswer>('/api/auth/login', body, { auth: false });
  apiClient.startSession(answer.user.id, answer);
  await applyAccountLanguage(answer.user.idioma);
  return answer;
}

export function useLogin(
  options: Omit<UseMutationOptions<LoginAnswer, Error, LoginBody>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: login });
}
