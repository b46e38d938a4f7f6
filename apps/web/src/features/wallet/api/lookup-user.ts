import { displayPhone, type Payee, type RecentPayee, type TransferInitiateBody } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * A transfer's recipient: the payee the lookup found by the exact e-mail or phone the payer typed
 * (`email` or `telefone` is what they typed, the other null), or a recent payee picked by id
 * (`email` null, `contato` its masked phone, which the card shows under the name).
 */
export type Recipient = Omit<Payee, 'telefone'> &
  Partial<Pick<Payee, 'telefone'>> &
  Partial<Pick<RecentPayee, 'contato'>>;

export type PayeeQuery = { email: string } | { telefone: string };

/** GET /api/users/lookup?email= or ?telefone=: 404 user_not_found; 422 self_transfer for the caller;
 * 429 lookup_limit_reached past the day's distinct lookups. */
export function lookupUser(query: PayeeQuery): Promise<Payee> {
  return apiClient.get('/api/users/lookup', { query });
}

/** How the transfer names the payee: as the payer found them. */
export function payeeFieldsOf(
  recipient: Recipient,
): Pick<TransferInitiateBody, 'destinatario_email' | 'destinatario_telefone' | 'destinatario_id'> {
  if (recipient.email) return { destinatario_email: recipient.email };
  if (recipient.telefone) return { destinatario_telefone: recipient.telefone };
  return { destinatario_id: recipient.id };
}

/** What the confirmation card shows under the payee's name. */
export function contactOf(recipient: Recipient): string {
  if (recipient.email) return recipient.email;
  return recipient.telefone ? displayPhone(recipient.telefone) : (recipient.contato ?? '');
}

// A mutation rather than a query: the lookup runs when the payer presses search, once per press.
export function useLookupUser(
  options: Omit<UseMutationOptions<Payee, Error, PayeeQuery>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: lookupUser });
}
