import { CURRENCY_SYMBOL } from './constants.ts';
import type { AmountResult } from './money.ts';

// Reads an amount the way people in Haiti type it, into exact centis, without floats.
//
// Rules (pt-BR first, with the forms people also type):
// - Surrounding spaces and one leading `₭` (followed or not by spaces) are ignored.
// - `,` is always the decimal separator and must be followed by 1 or 2 digits:
//   `12,5` → 1250, `0,01` → 1, `1,234` → rejected (3 decimals are not whole centis).
//   Digits before it may be grouped by `.` in thousands: `1.234,56` → 123456.
// - Without a `,`, a single `.` followed by 1 or 2 digits is a decimal point: `12.50` → 1250,
//   `1.23` → 123. A `.` followed by exactly 3 digits is a thousands separator, so the
//   whole text must be well-formed groups: `1.234` → 123400, `1.234.567` → 123456700,
//   but `1234.567` and `0.123` are rejected (no reading is both sensible and certain).
// - Thousands may instead be grouped by one space, plain or no-break (`1 234,56`, `1 234.56`,
//   `1 234`): the back office shows amounts that way (`₭1 234,50`, French grouping), and operators
//   copy or retype them. One kind of separator throughout: `1 234.567,00` is rejected.
// - Anything else is rejected: empty text, signs (`-`, `+`), letters, exponents, spaces that do
//   not separate thousands (`12 34`, two in a row), a missing whole part (`,5`), a trailing
//   separator (`12,`), several `,`, and amounts beyond Number.MAX_SAFE_INTEGER centis.
// - Zero is accepted (`0,00` → 0); callers that need a positive amount check it (the schemas do).
export function parseAmountToCentis(text: string): AmountResult {
  if (typeof text !== 'string') return INVALID;
  let body = text.trim();
  if (body.startsWith(CURRENCY_SYMBOL)) body = body.slice(CURRENCY_SYMBOL.length).trimStart();
  const parts = splitAmount(body);
  return parts ? digitsToCentis(parts.whole, parts.fraction) : INVALID;
}

const INVALID: AmountResult = { ok: false, error: 'invalid_amount' };

const PLAIN_WHOLE = /^\d+$/;
// Thousands groups: a first group without a leading zero, then groups of exactly 3 digits.
const DOT_GROUPED_WHOLE = /^[1-9]\d{0,2}(?:\.\d{3})+$/;
// The same groups, after a space, a no-break space (U+00A0) or a narrow one (U+202F, Intl's French).
const SPACE_GROUPED_WHOLE = /^[1-9]\d{0,2}(?:[ \u00a0\u202f]\d{3})+$/;
const SEPARATORS = /[. \u00a0\u202f]/g;
const DECIMAL_COMMA = /^([\d. \u00a0\u202f]+),(\d{1,2})$/;
const DECIMAL_POINT = /^([\d \u00a0\u202f]+)\.(\d{1,2})$/;

type AmountParts = { whole: string; fraction: string };

function splitAmount(body: string): AmountParts | null {
  const comma = DECIMAL_COMMA.exec(body);
  if (comma) {
    const [, whole = '', fraction = ''] = comma;
    return isWhole(whole) ? { whole: whole.replace(SEPARATORS, ''), fraction } : null;
  }
  const point = DECIMAL_POINT.exec(body);
  if (point) {
    const [, whole = '', fraction = ''] = point;
    return isWhole(whole) ? { whole: whole.replace(SEPARATORS, ''), fraction } : null;
  }
  return isWhole(body) ? { whole: body.replace(SEPARATORS, ''), fraction: '' } : null;
}

function isWhole(text: string): boolean {
  return PLAIN_WHOLE.test(text) || DOT_GROUPED_WHOLE.test(text) || SPACE_GROUPED_WHOLE.test(text);
}

const MAX_SAFE_DIGITS = String(Number.MAX_SAFE_INTEGER);

function digitsToCentis(whole: string, fraction: string): AmountResult {
  const digits = (whole + fraction.padEnd(2, '0')).replace(/^0+(?=\d)/, '');
  // Compare as text: Number() of an unsafe integer rounds, and could land on a safe one.
  const tooLarge =
    digits.length > MAX_SAFE_DIGITS.length ||
    (digits.length === MAX_SAFE_DIGITS.length && digits > MAX_SAFE_DIGITS);
  return tooLarge ? INVALID : { ok: true, centis: Number(digits) };
}
