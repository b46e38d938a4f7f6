import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone.ts';
import { displayPhone, sanitizePhoneInput, whatsappNumber } from './phone-display.ts';

describe('sanitizePhoneInput', () => {
  it('keeps digits and a leading plus only', () => {
    expect(sanitizePhoneInput('+509 3712-3456')).toBe('+50937123456');
    expect(sanitizePhoneInput('37a12+34')).toBe('371234');
    expect(sanitizePhoneInput('++509')).toBe('+509');
  });
});

describe('displayPhone', () => {
  it('spaces a Haitian number as people read it, and leaves others as stored', () => {
    expect(displayPhone('+50937123456')).toBe('+509 3712 3456');
    expect(displayPhone('+13055550100')).toBe('+13055550100');
  });

  it('reads back as the number it shows', () => {
    expect(normalizePhone(displayPhone('+50937123456'))).toBe('+50937123456');
  });
});

describe('whatsappNumber', () => {
  it('gives the digits, country code first', () => {
    expect(whatsappNumber('+50937123456')).toBe('50937123456');
    expect(whatsappNumber('+13055550100')).toBe('13055550100');
  });
});
