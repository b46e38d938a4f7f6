import type { FreezeState, Me } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { getMeQueryOptions } from './get-me';

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
