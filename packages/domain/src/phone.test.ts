import { describe, expect, it } from 'vitest';
import { isSamePhone, isValidPhone, normalizePhone } from './phone.ts';

describe('normalizePhone', () => {
  it.each([
    ['37123456', '+50937123456'],
    ['+509 3712-3456', '+50937123456'],
    ['3712 3456', '+50937123456'],
    ['3712-3456', '+50937123456'],
    ['50937123456', '+50937123456'],
    ['+509 3712 3456', '+50937123456'],
    ['(509) 3712.3456', '+50937123456'],
    ['+1 305 555 0100', '+13055550100'],
  ])('writes %s as %s', (input, canonical) => {
    expect(normalizePhone(input)).toBe(canonical);
  });

  it.each([
    ['', 'nothing'],
    ['1234567', 'seven digits'],
    ['3055550100', 'a foreign number without its country code'],
    ['+5093712345', 'a Haitian number one digit short'],
    ['+509371234567', 'a Haitian number one digit long'],
    ['+1234567890123456', 'more than 15 digits'],
    ['3712a3456', 'a letter'],
    ['+50937+123456', 'a plus inside'],
  ])('rejects %s (%s)', (input) => {
    expect(normalizePhone(input)).toBeNull();
    expect(isValidPhone(input)).toBe(false);
  });
});

describe('isSamePhone', () => {
  it('sees one number through its spellings', () => {
    expect(isSamePhone('3712 3456', '+509 3712-3456')).toBe(true);
    expect(isSamePhone('37123456', '37123457')).toBe(false);
  });

  it('never calls two invalid texts the same', () => {
    expect(isSamePhone('abc', 'abc')).toBe(false);
  });
});
