import { describe, expect, it } from 'vitest';
import { maskContact, payeeIdentityOf } from './payees.ts';

describe('payeeIdentityOf', () => {
  it.each(['+509 3712-3456', '37123456', '50937123456', ' 3712 3456 '])(
    'reads %s as +50937123456',
    (text) => {
      expect(payeeIdentityOf(text)).toEqual({ kind: 'phone', phone: '+50937123456' });
    },
  );

  it('reads text with an @ as an e-mail, lower-cased', () => {
    expect(payeeIdentityOf(' Marie@Example.ht ')).toEqual({ kind: 'email', email: 'marie@example.ht' });
  });

  it.each(['3712345', 'marie', '3055550100', '+5093712345', '22123456'])('refuses %s', (text) => {
    expect(payeeIdentityOf(text)).toBeNull();
  });
});

describe('maskContact', () => {
  it('keeps a phone recognisable but not copyable', () => {
    expect(maskContact('+50937123456')).toBe('+509 •••• 3456');
    expect(maskContact('+13055550100')).toBe('+1 •••• 0100');
  });

  it('keeps an e-mail recognisable but not copyable', () => {
    expect(maskContact('marie@example.ht')).toBe('ma•••@example.ht');
  });
});
