import type { Me, PhoneProof, PhoneProofInput, VerifyCodeBody } from '@kreyolcash/domain';
import {
  queryOptions,
  type UseMutationOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export function getPhoneProofQueryOptions() {
  return queryOptions({
    queryKey: ['me', 'phone-proof'],
    queryFn: ({ signal }) => apiClient.get<PhoneProof>('/api/me/phone-proof', { signal }),
    // The proof's state is the server's: never show a stale one.
    staleTime: 0,
  });
}

export function usePhoneProof() {
  return useQuery(getPhoneProofQueryOptions());
}

/**
 * POST /api/me/phone-proof: a code on WhatsApp to the account's phone, or first to a corrected
 * number. Fails with phone_invalid, phone_already_exists (details.nome), phone_already_verified
 * or rate_limited.
 */
export function useSendPhoneProof(
  options: Omit<UseMutationOptions<PhoneProof, Error, PhoneProofInput>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (body: PhoneProofInput) => apiClient.post<PhoneProof>('/api/me/phone-proof', body),
    onSuccess: (proof, ...rest) => {
      queryClient.setQueryData(getPhoneProofQueryOptions().queryKey, proof);
      return options.onSuccess?.(proof, ...rest);
    },
  });
}

/** POST /api/me/phone-proof/verify: the right code proves the phone; the account may then pay. */
export function useVerifyPhoneProof(
  options: Omit<UseMutationOptions<Me, Error, VerifyCodeBody>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (body: VerifyCodeBody) => apiClient.post<Me>('/api/me/phone-proof/verify', body),
    onSuccess: (me, ...rest) => {
      // The answer is the account as GET /api/me shows it (key ['me']): the money screens read
      // it at once, so they must not see the unproven one it replaces.
      queryClient.setQueryData(['me'], me);
      return options.onSuccess?.(me, ...rest);
    },
    // A wrong code costs an attempt: the attempts left are read again.
    onError: (...args) => {
      void queryClient.invalidateQueries({ queryKey: getPhoneProofQueryOptions().queryKey });
      return options.onError?.(...args);
    },
  });
}
