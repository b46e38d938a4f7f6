import { describe, expect, it } from 'vitest';
import { positiveCentisOf } from './amount-input';

describe('positiveCentisOf', () => {
  it('reads an amount typed the way people write it', () => {
    expect(positiveCentisOf('12,50')).toBe(1250);
    expect(positiveCentisOf(' ₭ 1.234 ')).toBe(123_400);
    // As the back office shows it, French grouping with a narrow no-break space.
    expect(positiveCentisOf('₭1\u202f234,50')).toBe(123_450);
    expect(positiveCentisOf('1 234,50')).toBe(123_450);
  });

  it('turns anything but a positive amount into null', () => {
    for (const text of ['', '0', '0,00', '-5', 'abc', '12,']) expect(positiveCentisOf(text)).toBeNull();
  });
});
