import { NIF_DIGITS } from './constants.ts';

// The NIF (Haiti's tax number, the only identity document the product takes) has 10 digits,
// written plain (`1234567890`) or grouped 3-3-3-1 (`123-456-789-0`). It is stored as digits.

const PLAIN_NIF = /^\d{10}$/;
const FORMATTED_NIF = /^\d{3}-\d{3}-\d{3}-\d$/;
const GROUP_ENDS = [3, 6, 9, NIF_DIGITS] as const;

export function nifDigits(input: string): string {
  return input.replace(/\D/g, '');
}

export function isValidNif(input: string): boolean {
  return PLAIN_NIF.test(input) || FORMATTED_NIF.test(input);
}

// As-you-type mask: keeps the first 10 digits and writes the dashes as the groups fill
// (`1234` → `123-4`). It never ends in a dash, so deleting a character deletes a digit.
// mask(mask(x)) === mask(x); the result has at most 13 characters, within DOCUMENT_MAX_LENGTH.
export function maskNif(input: string): string {
  const digits = nifDigits(input).slice(0, NIF_DIGITS);
  const groups: string[] = [];
  let start = 0;
  for (const end of GROUP_ENDS) {
    const group = digits.slice(start, end);
    if (group) groups.push(group);
    start = end;
  }
  return groups.join('-');
}

// The product asks the server whether a NIF is taken only once it is complete (spec §5).
export function isCompleteNif(input: string): boolean {
  return nifDigits(input).length === NIF_DIGITS;
}
