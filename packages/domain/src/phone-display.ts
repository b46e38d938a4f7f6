import { HAITI_COUNTRY_CALLING_CODE } from './constants.ts';

// What screens do with phones on their first download: filter the field as it is typed, show a
// number the server stored. Reading what someone typed is phone.ts's, whose parser and metadata
// (~20 kB gzipped) would put the screens that show a phone over their budget.

// As-you-type filter of the phone field (spec §5): digits and a leading `+` only.
export function sanitizePhoneInput(input: string): string {
  const kept = input.replace(/[^\d+]/g, '');
  return (kept.startsWith('+') ? '+' : '') + kept.replace(/\+/g, '');
}

// A stored Haitian number is +509 and 8 digits (phone.ts takes no other), and country codes are
// prefix-free: no other country's number starts with +509.
const STORED_HAITIAN = new RegExp(`^\\${HAITI_COUNTRY_CALLING_CODE}(\\d{4})(\\d{4})$`);

/**
 * A stored number as people read it. Haitians write theirs in two groups of four (`3712 3456`,
 * as the app's own examples do), not libphonenumber's `37 12 3456`: `+50937123456` →
 * `+509 3712 3456`. Any other number as stored, in E.164.
 */
export function displayPhone(e164: string): string {
  const match = STORED_HAITIAN.exec(e164);
  return match ? `${HAITI_COUNTRY_CALLING_CODE} ${match[1]} ${match[2]}` : e164;
}

// A stored number as WhatsApp's chat links take it (wa.me/<number>): digits only, country code
// first, `+50937123456` → `50937123456`.
export function whatsappNumber(e164: string): string {
  return e164.replace(/\D/g, '');
}
