import {
  HAITI_COUNTRY_CALLING_CODE,
  PHONE_LOCAL_DIGITS,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
} from './constants.ts';

// Phones are stored in E.164 (`+50937123456`) so that one number has one spelling: uniqueness
// checks and WhatsApp delivery both depend on it.

const HAITI_DIGITS = HAITI_COUNTRY_CALLING_CODE.slice(1);

// Canonical E.164 form, or null when the text is not a phone number. Spaces, dashes, dots and
// parentheses are formatting and are dropped. An 8-digit number is Haitian (`+509` is added), so
// is 509 followed by 8 digits, and a `+509` number must have exactly those 8. Any other number
// must carry its `+` and country code: guessing one would send codes to a stranger.
export function normalizePhone(input: string): string | null {
  const compact = input.trim().replace(/[\s\-.()]/g, '');
  if (/^\+\d+$/.test(compact)) {
    const digitCount = compact.length - 1;
    const isHaitian = compact.startsWith(HAITI_COUNTRY_CALLING_CODE);
    if (isHaitian) return digitCount === HAITI_DIGITS.length + PHONE_LOCAL_DIGITS ? compact : null;
    return digitCount >= PHONE_MIN_DIGITS && digitCount <= PHONE_MAX_DIGITS ? compact : null;
  }
  if (!/^\d+$/.test(compact)) return null;
  if (compact.length === PHONE_LOCAL_DIGITS) return HAITI_COUNTRY_CALLING_CODE + compact;
  if (compact.length === HAITI_DIGITS.length + PHONE_LOCAL_DIGITS && compact.startsWith(HAITI_DIGITS)) {
    return `+${compact}`;
  }
  return null;
}

export function isValidPhone(input: string): boolean {
  return normalizePhone(input) !== null;
}

// `3712 3456` and `+509 3712-3456` are the same phone; two invalid texts are never the same.
export function isSamePhone(a: string, b: string): boolean {
  const first = normalizePhone(a);
  return first !== null && first === normalizePhone(b);
}
