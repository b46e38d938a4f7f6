import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** A transfer's recipient, found by the exact e-mail the payer typed. */
export type Recipient = {
  id: string;
  nome_completo: string;
  email: string;
  /** Same-origin path, or null without a photo. */
  profile_photo_url: string | null;
};

/** GET /api/users/lookup?email=: 404 user_not_found; 422 self_transfer for the caller's own e-mail. */
export function lookupUser(email: string): Promise<Recipient> {
  return apiClient.get('/api/users/lookup', { query: { email } });
}

// A mutation rather than a query: the lookup runs when the payer presses search, once per press.
export function useLookupUser(
  options: Omit<UseMutationOptions<Recipient, Error, string>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: lookupUser });
}
