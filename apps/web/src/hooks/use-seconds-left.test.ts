import { describe, expect, it } from 'vitest';
import { secondsLeft } from './use-seconds-left';

describe('the seconds left of a cooldown', () => {
  it('rounds up, so the count shows 1 until the very end', () => {
    expect(secondsLeft(30_000, 0)).toBe(30);
    expect(secondsLeft(30_000, 1)).toBe(30);
    expect(secondsLeft(30_000, 29_001)).toBe(1);
  });

  it('is 0 once the time has come or passed', () => {
    expect(secondsLeft(30_000, 30_000)).toBe(0);
    expect(secondsLeft(30_000, 45_000)).toBe(0);
  });
});
