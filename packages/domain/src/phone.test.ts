import { describe, expect, it } from 'vitest';
import { isSamePhone, isValidPhone, maskPhone, normalizePhone } from './phone.ts';

describe('normalizePhone', () => {
  it.each([
    ['37123456', '+50937123456'],
    ['+509 3712-3456', '+50937123456'],
    ['3712 3456', '+50937123456'],
    ['3712-3456', '+50937123456'],
    ['50937123456', '+50937123456'],
    ['509 3712 3456', '+50937123456'],
    ['+509 3712 3456', '+50937123456'],
    ['(509) 3712.3456', '+50937123456'],
    [' +509 37 12 34 56 ', '+50937123456'],
    ['00509 3712 3456', '+50937123456'],
  ])('writes %s as %s', (input, canonical) => {
    expect(normalizePhone(input)).toBe(canonical);
  });

  it.each([
    ['30123456', '3x'],
    ['41234567', '4x'],
    ['46123456', '4x'],
    ['55123456', '55'],
    ['56123456', '56'],
    ['58123456', '58'],
  ])("takes the mobile %s (Haiti's plan: %s)", (input) => {
    expect(normalizePhone(input)).toBe(`+509${input}`);
  });

  it.each([
    ['22123456', 'a fixed line'],
    ['+509 2812 3456', 'a fixed line'],
    ['81234567', 'a toll-free number'],
    ['99123456', 'a VoIP number'],
    ['50123456', '50 is no mobile prefix'],
    ['57123456', '57 is no mobile prefix'],
    ['61234567', '6 starts no Haitian number'],
    ['71234567', '7 starts no Haitian number'],
    ['11234567', '1 starts no Haitian number'],
    ['01234567', '0 starts no Haitian number'],
  ])('refuses %s (%s: WhatsApp cannot reach it)', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });

  it.each([
    ['1234567', 'seven digits'],
    ['3712345', 'a Haitian mobile one digit short'],
    ['371234567', 'a Haitian mobile one digit long'],
    ['+5093712345', 'a +509 number one digit short'],
    ['+509371234567', 'a +509 number one digit long'],
    ['5093712345', '509 and seven digits'],
  ])('refuses %s (%s)', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });

  it.each([
    ['', 'nothing'],
    ['   ', 'blanks'],
    ['3712a3456', 'a letter'],
    ['3712 3456 ext. 12', 'an extension'],
    ['+50937+123456', 'a plus inside'],
    ['++50937123456', 'two pluses'],
    ['+509/3712/3456', 'slashes'],
    ['tel:+50937123456', 'a URI'],
    ['+５０９３７１２３４５６', 'full-width digits'],
  ])('refuses %s (%s)', (input) => {
    expect(normalizePhone(input)).toBeNull();
    expect(isValidPhone(input)).toBe(false);
  });

  describe('foreign numbers', () => {
    it.each([
      ['+1 305 555 0100', '+13055550100'],
      ['+1 (212) 736-5000', '+12127365000'],
      ['001 212 736 5000', '+12127365000'],
      ['+1 809 221 1234', '+18092211234'],
      ['+33 6 12 34 56 78', '+33612345678'],
      ['+44 20 7946 0958', '+442079460958'],
      ['+56 9 6123 4567', '+56961234567'],
    ])('takes %s, with its country code, as %s', (input, canonical) => {
      expect(normalizePhone(input)).toBe(canonical);
    });

    it.each([
      ['3055550100', 'a US number without its country code'],
      ['0612345678', 'a French number without its country code'],
      ['+1 305 555 010', 'one digit short for its country'],
      ['+33 6 12 34 56 789', 'one digit long for its country'],
      ['+1 055 555 0100', 'an area code its country does not have'],
      ['+1234567890123456', 'more than 15 digits'],
      ['+999 1234 5678', 'no country has the code'],
      ['+800 1234 5678', 'a non-geographic number'],
    ])('refuses %s (%s)', (input) => {
      expect(normalizePhone(input)).toBeNull();
    });
  });
});

describe('isSamePhone', () => {
  it('sees one number through its spellings', () => {
    expect(isSamePhone('3712 3456', '+509 3712-3456')).toBe(true);
    expect(isSamePhone('37123456', '37123457')).toBe(false);
  });

  it('never calls two invalid texts the same', () => {
    expect(isSamePhone('abc', 'abc')).toBe(false);
    expect(isSamePhone('22123456', '22123456')).toBe(false);
  });
});

describe('maskPhone', () => {
  it('keeps the country code and the last four digits', () => {
    expect(maskPhone('+50937123456')).toBe('+509 •••• 3456');
    expect(maskPhone('+13055550100')).toBe('+1 •••• 0100');
    expect(maskPhone('+33612345678')).toBe('+33 •••• 5678');
  });

  it('still masks a stored number that the plan no longer takes', () => {
    expect(maskPhone('+50922123456')).toBe('+509 •••• 3456');
  });
});
