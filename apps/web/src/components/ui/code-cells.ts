import { VERIFICATION_CODE_LENGTH } from '@kreyolcash/domain';

// The state of the 6-cell code entry: the digits typed so far, left to right, without holes
// (a digit typed past the end lands in the first empty cell), and which cell has the focus.
export type CodeEntry = { value: string; focus: number };

const LAST_CELL = VERIFICATION_CODE_LENGTH - 1;

export function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * What typing (or pasting) `typed` into cell `index` gives. A whole code (6 digits or more, from a
 * paste or the keyboard's suggestion) fills every cell whichever cell received it; a shorter run
 * replaces the digits from that cell on.
 */
export function typeIntoCode(value: string, index: number, typed: string): CodeEntry {
  const digits = digitsOf(typed);
  if (digits.length >= VERIFICATION_CODE_LENGTH) {
    return { value: digits.slice(0, VERIFICATION_CODE_LENGTH), focus: LAST_CELL };
  }
  if (digits.length === 0) return { value, focus: index };
  const start = Math.min(index, value.length);
  const next = (value.slice(0, start) + digits + value.slice(start + digits.length)).slice(
    0,
    VERIFICATION_CODE_LENGTH,
  );
  return { value: next, focus: Math.min(start + digits.length, LAST_CELL) };
}

/** Backspace in cell `index`: its digit goes, or, in an empty cell, the one before it. */
export function eraseFromCode(value: string, index: number): CodeEntry {
  if (index < value.length) return { value: value.slice(0, index) + value.slice(index + 1), focus: index };
  if (value.length === 0) return { value, focus: 0 };
  return { value: value.slice(0, -1), focus: value.length - 1 };
}

/**
 * The digit a cell's input now holds. The cell selects its digit on focus, so typing replaces it;
 * if the caret sat beside it instead, the input holds both, and the new one is the other.
 */
export function newDigitsIn(inputValue: string, previousDigit: string): string {
  const digits = digitsOf(inputValue);
  if (digits.length === 2 && previousDigit !== '' && digits.includes(previousDigit)) {
    return digits.replace(previousDigit, '');
  }
  return digits;
}
