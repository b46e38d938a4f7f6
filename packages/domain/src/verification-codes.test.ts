import { describe, expect, it } from 'vitest';
import { PHONE_CODE_EXPIRY_MS, PURCHASE_CODE_EXPIRY_MS, TRANSFER_CODE_EXPIRY_MS } from './constants.ts';
import { CODE_EXPIRY_MS_BY_PURPOSE, isVerificationCodeFormat } from './verification-codes.ts';

describe('verification codes', () => {
  it('have the shape of exactly 6 ASCII digits', () => {
    expect(isVerificationCodeFormat('123456')).toBe(true);
    for (const text of ['12345', '1234567', '12345a', ' 123456', '١٢٣٤٥٦', ''])
      expect(isVerificationCodeFormat(text)).toBe(false);
  });

  it('expire after 15 minutes for a transfer and 10 for a purchase, a phone change, a cash-in or a cash-out', () => {
    expect(CODE_EXPIRY_MS_BY_PURPOSE).toEqual({
      transfer: TRANSFER_CODE_EXPIRY_MS,
      purchase: PURCHASE_CODE_EXPIRY_MS,
      phone_change_current: PHONE_CODE_EXPIRY_MS,
      phone_change_new: PHONE_CODE_EXPIRY_MS,
      telefone_cadastro: PHONE_CODE_EXPIRY_MS,
      deposito: 10 * 60_000,
      saque: 10 * 60_000,
    });
  });
});
