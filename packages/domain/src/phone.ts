import { type MetadataJson, type PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import phoneMetadata from './phone-metadata.json';

// Phones are stored in E.164 (`+50937123456`) so that one number has one spelling: uniqueness
// checks and WhatsApp delivery both depend on it. Numbers are read with libphonenumber-js and a
// slice of its metadata (phone-metadata.json, written by scripts/phone-metadata.mjs): Haiti's
// plan with its number types, every other country's plan without its formatting rules.
//
// This module is the phone parser, ~20 kB gzipped with its metadata: the web app loads it with its
// forms' schemas, never on a screen's first download. phone-display.ts has what screens need then.

const METADATA = phoneMetadata as unknown as MetadataJson;
const HAITI = 'HT';
// What people put between digits: spaces, dashes, dots, parentheses.
const FORMATTING = /[\s\-.()]/g;
// Digits only, after an optional leading `+`. Anything else (a letter, `ext.`, a second `+`) is
// refused here rather than left to the library, which would read letters as a keypad's digits.
const DIGITS_WITH_PLUS = /^\+?\d+$/;

/**
 * The number a text spells, or null when it is none the product takes:
 * - without `+`, a number is read as dialled in Haiti: `37123456`, `509 3712 3456`, or `00` then a
 *   country code;
 * - a Haitian number must be a mobile by Haiti's plan (3…, 4…, 55…, 56…, 58…): every phone of the
 *   product receives its codes or invitations over WhatsApp, which a fixed line, a toll-free or a
 *   VoIP number does not;
 * - a foreign number needs its `+` (or `00`) and country code (guessing a country would send codes
 *   to a stranger) and must be valid by its country's plan; its type is not checked, since the
 *   largest part of the diaspora's numbers (+1) cannot be told mobile from fixed.
 */
function readPhone(input: string): PhoneNumber | null {
  const compact = input.trim().replace(FORMATTING, '');
  if (!DIGITS_WITH_PLUS.test(compact)) return null;
  const phone = parsePhoneNumberFromString(compact, { defaultCountry: HAITI, extract: false }, METADATA);
  if (!phone?.country || !phone.isValid()) return null;
  if (phone.country === HAITI && phone.getType() !== 'MOBILE') return null;
  return phone;
}

/** Canonical E.164 form, or null when the text is not a phone number the product takes. */
export function normalizePhone(input: string): string | null {
  return readPhone(input)?.number ?? null;
}

export function isValidPhone(input: string): boolean {
  return readPhone(input) !== null;
}

// `3712 3456` and `+509 3712-3456` are the same phone; two invalid texts are never the same.
export function isSamePhone(a: string, b: string): boolean {
  const first = normalizePhone(a);
  return first !== null && first === normalizePhone(b);
}

/**
 * A stored number kept recognisable but not copyable: its country code and its last four digits,
 * `+50937123456` → `+509 •••• 3456`, `+13055550100` → `+1 •••• 0100`. A stored number the plan no
 * longer takes still shows its last four.
 */
export function maskPhone(e164: string): string {
  const lastFour = e164.slice(-4);
  const countryCode = parsePhoneNumberFromString(e164, METADATA)?.countryCallingCode;
  return countryCode ? `+${countryCode} •••• ${lastFour}` : `•••• ${lastFour}`;
}
