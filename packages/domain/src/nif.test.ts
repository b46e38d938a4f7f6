import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_LENGTH } from './constants.ts';
import { isCompleteNif, isValidNif, maskNif, nifDigits } from './nif.ts';

const typed = fc.string({
  unit: fc.constantFrom('0', '1', '5', '9', '-', ' ', '.', 'a', '/'),
  maxLength: 30,
});

describe('isValidNif', () => {
  it('accepts 10 plain digits', () => {
    expect(isValidNif('1234567890')).toBe(true);
  });

  it('accepts 10 digits formatted 3-3-3-1', () => {
    expect(isValidNif('123-456-789-0')).toBe(true);
  });

  it.each([
    ['123456789', 'nine digits'],
    ['12345678901', 'eleven digits'],
    ['123-456-789', 'three groups'],
    ['12-3456-789-0', 'groups in the wrong places'],
    ['123.456.789-0', 'dots'],
    ['123 456 789 0', 'spaces'],
    ['123-456-789-0-', 'a trailing dash'],
    ['abcdefghij', 'letters'],
    ['', 'nothing'],
  ])('rejects %s (%s)', (input) => {
    expect(isValidNif(input)).toBe(false);
  });
});

describe('nifDigits', () => {
  it('keeps the digits only', () => {
    expect(nifDigits('123-456-789-0')).toBe('1234567890');
    expect(nifDigits(' 12a3 ')).toBe('123');
  });
});

describe('maskNif', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['123', '123'],
    ['1234', '123-4'],
    ['123456', '123-456'],
    ['1234567', '123-456-7'],
    ['123456789', '123-456-789'],
    ['1234567890', '123-456-789-0'],
    ['12345678901234', '123-456-789-0'],
    ['12a3-45 6', '123-456'],
  ])('masks %s as %s', (input, masked) => {
    expect(maskNif(input)).toBe(masked);
  });

  it('gives the same result when applied twice', () => {
    fc.assert(fc.property(typed, (input) => maskNif(maskNif(input)) === maskNif(input)));
  });

  it('never exceeds the document field length', () => {
    fc.assert(fc.property(typed, (input) => maskNif(input).length <= DOCUMENT_MAX_LENGTH));
  });

  it('makes any 10 digits a valid NIF', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{10}$/), (digits) => isValidNif(maskNif(digits))));
  });

  it('agrees with validation: a masked value is valid exactly when it holds 10 digits', () => {
    fc.assert(
      fc.property(typed, (input) => {
        const masked = maskNif(input);
        return isValidNif(masked) === (nifDigits(masked).length === 10);
      }),
    );
  });

  it('keeps the digits of a valid NIF', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{10}$/), (digits) => nifDigits(maskNif(digits)) === digits));
  });
});

describe('isCompleteNif', () => {
  it('is true only with exactly 10 digits, the moment to check availability', () => {
    expect(isCompleteNif('123-456-789-0')).toBe(true);
    expect(isCompleteNif('123-456-789')).toBe(false);
    expect(isCompleteNif('12345678901')).toBe(false);
  });
});
