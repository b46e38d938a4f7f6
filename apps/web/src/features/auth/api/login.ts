import type { LoginBody, Session } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { applyAccountLanguage } from '@/lib/i18n';

/**
 * POST /api/auth/login: checks the password, then holds the new session (the cookie is the
 * server's) and shows the app in the account's language before the next screen is drawn.
 */
export async function login(body: LoginBody): Promise<Session> {
  const answer = await apiClient.post<Session>('/api/auth/login', body, { auth: false });
  apiClient.startSession(answer.user.id, answer);
  await applyAccountLanguage(answer.user.idioma);
  return answer;
}

export function useLogin(options: Omit<UseMutationOptions<Session, Error, LoginBody>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: login });
}
