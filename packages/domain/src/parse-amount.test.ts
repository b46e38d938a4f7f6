import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAmountToCentis } from './parse-amount.ts';

const accepted = (centis: number) => ({ ok: true, centis });
const rejected = { ok: false, error: 'invalid_amount' };

describe('parseAmountToCentis', () => {
  it.each([
    ['12,5', 1250],
    ['12,50', 1250],
    ['12.50', 1250],
    ['12.5', 1250],
    ['1.234,56', 123_456],
    ['1234,56', 123_456],
    ['1234', 123_400],
    ['0,01', 1],
    ['0.01', 1],
    ['0', 0],
    ['0,00', 0],
    ['007', 700],
    ['100', 10_000],
    ['1.234.567,89', 123_456_789],
  ])('reads %s as %i centis', (text, centis) => {
    expect(parseAmountToCentis(text)).toEqual(accepted(centis));
  });

  it('reads a dot followed by exactly 3 digits as a thousands separator', () => {
    expect(parseAmountToCentis('1.234')).toEqual(accepted(123_400));
    expect(parseAmountToCentis('12.345.678')).toEqual(accepted(1_234_567_800));
  });

  it('reads a dot followed by 1 or 2 digits as the decimal point', () => {
    expect(parseAmountToCentis('1.23')).toEqual(accepted(123));
    expect(parseAmountToCentis('1.2')).toEqual(accepted(120));
  });

  it('reads thousands grouped by spaces, as the back office shows amounts', () => {
    expect(parseAmountToCentis('1 234')).toEqual(accepted(123_400));
    expect(parseAmountToCentis('1 234,50')).toEqual(accepted(123_450));
    expect(parseAmountToCentis('1 234.50')).toEqual(accepted(123_450));
    expect(parseAmountToCentis('12 345 678,9')).toEqual(accepted(1_234_567_890));
    expect(parseAmountToCentis('₭1\u202f234,50')).toEqual(accepted(123_450));
    expect(parseAmountToCentis('₭ 1\u00a0234\u00a0567,89')).toEqual(accepted(123_456_789));
  });

  it('reads what the back office shows back to the same centis', () => {
    for (const centis of [1, 99_999, 123_450, 123_456_789, 98_765_432_101]) {
      const shown = `₭${new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2 }).format(centis / 100)}`;
      expect(parseAmountToCentis(shown)).toEqual(accepted(centis));
    }
  });

  it('tolerates surrounding spaces and a leading ₭', () => {
    expect(parseAmountToCentis('  12,50  ')).toEqual(accepted(1250));
    expect(parseAmountToCentis('₭ 1.234,56')).toEqual(accepted(123_456));
    expect(parseAmountToCentis('₭12,50')).toEqual(accepted(1250));
    expect(parseAmountToCentis('\u00a0₭\u00a01.234,56\t')).toEqual(accepted(123_456));
  });

  it.each([
    ['1,234', 'three decimals after a comma'],
    ['1,2,3', 'several commas'],
    ['1,', 'a comma without decimals'],
    [',5', 'no whole part'],
    ['.5', 'no whole part before a dot'],
    ['1.2345', 'four digits after a single dot'],
    ['1234.567', 'a thousands group after 4 digits'],
    ['0.123', 'a thousands group after a zero'],
    ['1.23.456', 'a malformed group'],
    ['1.234.56', 'a decimal after thousands groups'],
    ['12,34.56', 'a dot after the decimal comma'],
    ['', 'empty text'],
    ['   ', 'blank text'],
    ['₭', 'only the symbol'],
    ['abc', 'letters'],
    ['12a', 'a trailing letter'],
    ['-5', 'a negative amount'],
    ['+5', 'a plus sign'],
    ['-₭ 1,00', 'a negative formatted amount'],
    ['NaN', 'NaN'],
    ['Infinity', 'Infinity'],
    ['1e3', 'exponent notation'],
    ['1E3', 'exponent notation in capitals'],
    ['0x10', 'hexadecimal'],
    ['12 34', 'a space that does not separate thousands'],
    ['1  234', 'two spaces between groups'],
    ['1 2345', 'a group of 4 digits after a space'],
    ['0 123', 'a thousands group after a zero'],
    ['1234 567', 'a thousands group after 4 digits'],
    ['1 234.567', 'a dot group after a space group'],
    ['1.234 567,00', 'a space group after a dot group'],
    ['1 234,', 'a trailing comma after groups'],
    ['1\t234', 'a tab between groups'],
    ['1,5 ₭', 'a trailing symbol'],
    ['١٢', 'non-ASCII digits'],
    ['90071992547409,92', 'one centi beyond MAX_SAFE_INTEGER'],
    ['99999999999999999', 'far beyond MAX_SAFE_INTEGER'],
  ])('rejects %s (%s) with invalid_amount', (text) => {
    expect(parseAmountToCentis(text)).toEqual(rejected);
  });

  it('accepts exactly MAX_SAFE_INTEGER centis', () => {
    expect(parseAmountToCentis('90071992547409,91')).toEqual(accepted(Number.MAX_SAFE_INTEGER));
    expect(parseAmountToCentis('00090071992547409,91')).toEqual(accepted(Number.MAX_SAFE_INTEGER));
  });

  it('rejects what is not text', () => {
    expect(parseAmountToCentis(12 as unknown as string)).toEqual(rejected);
    expect(parseAmountToCentis(undefined as unknown as string)).toEqual(rejected);
  });

  it('never accepts 3 or more digits after a decimal comma', () => {
    const text = fc
      .tuple(fc.stringMatching(/^\d{1,12}$/), fc.stringMatching(/^\d{3,8}$/))
      .map(([whole, fraction]) => `${whole},${fraction}`);
    fc.assert(fc.property(text, (amount) => !parseAmountToCentis(amount).ok));
  });

  it('never accepts 4 or more digits after a single dot', () => {
    const text = fc
      .tuple(fc.stringMatching(/^\d{1,12}$/), fc.stringMatching(/^\d{4,8}$/))
      .map(([whole, fraction]) => `${whole}.${fraction}`);
    fc.assert(fc.property(text, (amount) => !parseAmountToCentis(amount).ok));
  });

  it('reads 3 digits after a dot only as whole thousands, never as fractions of a centi', () => {
    const text = fc
      .tuple(fc.integer({ min: 1, max: 999 }), fc.stringMatching(/^\d{3}$/))
      .map(([whole, group]) => ({ text: `${whole}.${group}`, units: whole * 1000 + Number(group) }));
    fc.assert(
      fc.property(text, ({ text: amount, units }) => {
        const parsed = parseAmountToCentis(amount);
        return parsed.ok && parsed.centis === units * 100;
      }),
    );
  });

  it('returns a safe integer whenever it accepts anything', () => {
    const text = fc.string({
      unit: fc.constantFrom('0', '1', '9', '.', ',', ' ', '₭', '-', 'e'),
      maxLength: 24,
    });
    fc.assert(
      fc.property(text, (amount) => {
        const parsed = parseAmountToCentis(amount);
        return !parsed.ok || (Number.isSafeInteger(parsed.centis) && parsed.centis >= 0);
      }),
      { numRuns: 5_000 },
    );
  });
});
