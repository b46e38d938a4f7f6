import type { Referral, ReferralBody } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { getReferralsQueryOptions } from './get-referrals';

/**
 * POST /api/referrals: stores the invitation and queues the WhatsApp message (201). Fails with
 * fill_all_fields, phone_invalid, referral_self, referral_already_registered or rate_limited.
 */
export function sendReferral(body: ReferralBody): Promise<Referral> {
  return apiClient.post('/api/referrals', body);
}

export function useSendReferral(
  options: Omit<UseMutationOptions<Referral, Error, ReferralBody>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: sendReferral,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: getReferralsQueryOptions().queryKey });
      return options.onSuccess?.(...args);
    },
  });
}
