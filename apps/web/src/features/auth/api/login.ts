import type { LoginBody } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient, type SessionTokens } from '@/lib/api-client';

export type LoginAnswer = SessionTokens & { user: { id: string; nome_completo: string; email: string } };

/** POST /api/auth/login: checks the password, then holds the new session (the cookie is the server's). */
export async function login(body: LoginBody): Promise<LoginAnswer> {
  const answer = await apiClient.post<LoginAnswer>('/api/auth/login', body, { auth: false });
  apiClient.startSession(answer.user.id, answer);
  return answer;
}

export function useLogin(
  options: Omit<UseMutationOptions<LoginAnswer, Error, LoginBody>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: login });
}
