import { createHmac, timingSafeEqual } from 'node:crypto';

export type PhoneCodePurpose = 'phone_change_current' | 'phone_change_new';

export type PhoneCodeBinding = {
  requestId: string;
  purpose: PhoneCodePurpose;
  userId: string;
  newPhone: string;
  code: string;
};

/**
 * A phone-change code is stored only as an HMAC keyed with the server's code pepper and bound to
 * everything it authorises: the request, the step, the user and the new number. A code for the
 * current number therefore means nothing at the new-number step, and a copy of the database does
 * not allow guessing codes offline.
 */
export function phoneCodeHash(pepper: string, b: PhoneCodeBinding): string {
  return createHmac('sha256', pepper)
    .update(JSON.stringify(['phone_change', b.purpose, b.requestId, b.userId, b.newPhone, b.code]))
    .digest('hex');
}

export function isPhoneCodeRight(pepper: string, storedHash: string, b: PhoneCodeBinding): boolean {
  const given = Buffer.from(phoneCodeHash(pepper, b), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
