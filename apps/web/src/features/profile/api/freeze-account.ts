import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { getMeQueryOptions, type Me } from './get-me';

export type FreezeState = {
  congelado: boolean;
  congelado_em: string | null;
  congelado_por: 'usuario' | 'operador' | null;
};

/** POST /api/me/freeze: "I lost my phone" — no money leaves the account from now on. */
export function freezeAccount(): Promise<FreezeState> {
  return apiClient.post('/api/me/freeze');
}

export function useFreezeAccount(
  options: Omit<UseMutationOptions<FreezeState, Error, void>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: freezeAccount,
    onSuccess: (state, ...rest) => {
      queryClient.setQueryData(getMeQueryOptions().queryKey, (me: Me | undefined) =>
        me ? { ...me, congelado: state.congelado, congelado_por: state.congelado_por } : me,
      );
      return options.onSuccess?.(state, ...rest);
    },
  });
}
