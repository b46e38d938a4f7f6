import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addCentis,
  assertSafeCentis,
  centisToUnits,
  formatCentis,
  formatKreyol,
  formatSignedKreyol,
  isSafeCentis,
  MAX_EXACT_UNITS,
  multiplyCentis,
  unitsToCentis,
} from './money.ts';
import { parseAmountToCentis } from './parse-amount.ts';

const safeCentis = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
const exactCentis = fc.integer({ min: -MAX_EXACT_UNITS * 100, max: MAX_EXACT_UNITS * 100 });

describe('safe centis', () => {
  it('accepts safe integers only', () => {
    expect(isSafeCentis(0)).toBe(true);
    expect(isSafeCentis(-5)).toBe(true);
    expect(isSafeCentis(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(isSafeCentis(Number.MAX_SAFE_INTEGER + 1)).toBe(false);
    expect(isSafeCentis(1.5)).toBe(false);
    expect(isSafeCentis(Number.NaN)).toBe(false);
    expect(isSafeCentis('100')).toBe(false);
  });

  it('throws a RangeError when asserting a fraction of a centi', () => {
    expect(() => assertSafeCentis(0.5)).toThrow(RangeError);
    expect(() => assertSafeCentis(10)).not.toThrow();
  });
});

describe('centisToUnits and unitsToCentis', () => {
  it('converts centis to units for display', () => {
    expect(centisToUnits(10_000)).toBe(100);
    expect(centisToUnits(1)).toBe(0.01);
    expect(centisToUnits(123_456)).toBe(1234.56);
    expect(centisToUnits(-250)).toBe(-2.5);
  });

  it('refuses to convert something that is not a safe integer', () => {
    expect(() => centisToUnits(1.5)).toThrow(RangeError);
  });

  it('converts units with up to 2 decimals to exact centis', () => {
    expect(unitsToCentis(12.5)).toEqual({ ok: true, centis: 1250 });
    expect(unitsToCentis(0.01)).toEqual({ ok: true, centis: 1 });
    expect(unitsToCentis(1234.56)).toEqual({ ok: true, centis: 123_456 });
    expect(unitsToCentis(-0.07)).toEqual({ ok: true, centis: -7 });
    expect(unitsToCentis(-0)).toEqual({ ok: true, centis: 0 });
    expect(Object.is((unitsToCentis(-0) as { centis: number }).centis, 0)).toBe(true);
  });

  it('rejects units that are not a whole number of centis with invalid_amount', () => {
    const invalid = { ok: false, error: 'invalid_amount' };
    expect(unitsToCentis(0.001)).toEqual(invalid);
    expect(unitsToCentis(0.1 + 0.2)).toEqual(invalid);
    expect(unitsToCentis(1e-7)).toEqual(invalid);
    expect(unitsToCentis(Number.NaN)).toEqual(invalid);
    expect(unitsToCentis(Number.POSITIVE_INFINITY)).toEqual(invalid);
    expect(unitsToCentis(MAX_EXACT_UNITS + 1)).toEqual(invalid);
  });

  it('round-trips every amount within the exact range', () => {
    fc.assert(
      fc.property(exactCentis, (centis) => {
        const back = unitsToCentis(centisToUnits(centis));
        return back.ok && back.centis === centis;
      }),
      { numRuns: 5_000 },
    );
  });

  it('gives the same float as reading the decimal text', () => {
    fc.assert(
      fc.property(
        safeCentis,
        (centis) =>
          centisToUnits(centis) === Number(formatCentis(centis).replaceAll('.', '').replace(',', '.')),
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('formatting', () => {
  it('formats pt-BR with 2 decimals and the symbol', () => {
    expect(formatKreyol(123_456)).toBe('₭ 1.234,56');
    expect(formatKreyol(0)).toBe('₭ 0,00');
    expect(formatKreyol(1)).toBe('₭ 0,01');
    expect(formatKreyol(10)).toBe('₭ 0,10');
    expect(formatKreyol(10_000)).toBe('₭ 100,00');
    expect(formatKreyol(100_000_000)).toBe('₭ 1.000.000,00');
  });

  it('puts the minus before the symbol for a negative amount', () => {
    expect(formatKreyol(-123_456)).toBe('-₭ 1.234,56');
    expect(formatCentis(-1)).toBe('-0,01');
    expect(formatKreyol(-0)).toBe('₭ 0,00');
  });

  it('formats the largest safe amount exactly', () => {
    expect(formatKreyol(Number.MAX_SAFE_INTEGER)).toBe('₭ 90.071.992.547.409,91');
    expect(formatCentis(-Number.MAX_SAFE_INTEGER)).toBe('-90.071.992.547.409,91');
  });

  it('formats without the symbol', () => {
    expect(formatCentis(123_456)).toBe('1.234,56');
    expect(formatCentis(99)).toBe('0,99');
  });

  it('writes the sign of a movement in front of the symbol', () => {
    expect(formatSignedKreyol(1_000, '+')).toBe('+₭ 10,00');
    expect(formatSignedKreyol(1_000, '-')).toBe('-₭ 10,00');
    expect(formatSignedKreyol(1_000, '')).toBe('₭ 10,00');
  });

  it('refuses to format a fraction of a centi', () => {
    expect(() => formatKreyol(0.5)).toThrow(RangeError);
    expect(() => formatCentis(Number.MAX_SAFE_INTEGER + 2)).toThrow(RangeError);
  });

  it('parses back every safe amount it formats, with the symbol', () => {
    fc.assert(
      fc.property(safeCentis, (centis) => {
        const parsed = parseAmountToCentis(formatKreyol(centis));
        return parsed.ok && parsed.centis === centis;
      }),
      { numRuns: 10_000 },
    );
  });

  it('parses back every safe amount it formats, without the symbol', () => {
    fc.assert(
      fc.property(safeCentis, (centis) => {
        const parsed = parseAmountToCentis(formatCentis(centis));
        return parsed.ok && parsed.centis === centis;
      }),
      { numRuns: 10_000 },
    );
  });
});

describe('arithmetic', () => {
  it('adds amounts and refuses a total beyond the safe range', () => {
    expect(addCentis(1, 2, 3)).toEqual({ ok: true, centis: 6 });
    expect(addCentis()).toEqual({ ok: true, centis: 0 });
    expect(addCentis(Number.MAX_SAFE_INTEGER, 1)).toEqual({ ok: false, error: 'invalid_amount' });
    expect(addCentis(1.5)).toEqual({ ok: false, error: 'invalid_amount' });
  });

  it('multiplies a unit price by a quantity and refuses an unsafe total', () => {
    expect(multiplyCentis(250, 4)).toEqual({ ok: true, centis: 1_000 });
    expect(multiplyCentis(Number.MAX_SAFE_INTEGER, 2)).toEqual({ ok: false, error: 'invalid_amount' });
    expect(multiplyCentis(100, 1.5)).toEqual({ ok: false, error: 'invalid_amount' });
  });
});
