import { describe, expect, it } from 'vitest';
import { formatHtgPerKc } from './rate';

describe('the ₭/HTG rate as people read it', () => {
  it('writes whole gourdes without decimals and fractions with a comma', () => {
    expect(formatHtgPerKc(10_000)).toBe('1');
    expect(formatHtgPerKc(12_500)).toBe('1,25');
    expect(formatHtgPerKc(10_001)).toBe('1,0001');
    expect(formatHtgPerKc(5_000)).toBe('0,5');
    expect(formatHtgPerKc(13_250_000)).toBe('1.325');
  });
});
