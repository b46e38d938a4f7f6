import { maskPhone, normalizePhone } from './phone.ts';

// Pay by phone: the transfer's first step takes a phone number or an e-mail.

// Lookups per account in any 24 hours: distinct identities (e-mails or phones), so a payer may
// search the same person again and again, but nobody can walk the phone book. 20 covers a busy
// day of real payments; an enumerator gets 20 names a day per proven phone.
export const PAYEE_LOOKUP_DAILY_DISTINCT_LIMIT = 20;
export const PAYEE_LOOKUP_WINDOW_MS = 24 * 60 * 60 * 1000;
// The recent payees offered on the transfer's first step.
export const RECENT_PAYEES_LIMIT = 5;

export type PayeeIdentity = { kind: 'email'; email: string } | { kind: 'phone'; phone: string };

// What the payer typed, read as an e-mail (it has an @) or else as a phone in E.164; null when it
// is neither. The e-mail's shape is checked by the schema that uses this (emailField).
export function payeeIdentityOf(input: string): PayeeIdentity | null {
  const text = input.trim();
  if (text.includes('@')) return { kind: 'email', email: text.toLowerCase() };
  const phone = normalizePhone(text);
  return phone === null ? null : { kind: 'phone', phone };
}

// The payee's contact as the payer sees it again later: enough to recognise, not to copy.
// `+50937123456` → `+509 •••• 3456`; `marie@example.ht` → `ma•••@example.ht`.
export function maskContact(contact: string): string {
  const at = contact.indexOf('@');
  if (at >= 0) return `${contact.slice(0, Math.min(2, at))}•••${contact.slice(at)}`;
  return maskPhone(contact);
}
