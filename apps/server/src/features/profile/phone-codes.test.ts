import { describe, expect, it } from 'vitest';
import { isPhoneCodeRight, type PhoneCodeBinding, phoneCodeHash } from './phone-codes.ts';

const pepper = 'pepper-for-tests';
const binding: PhoneCodeBinding = {
  requestId: '5a0c6c1e-4b0f-4a52-9d7e-6d1f3f1f2a10',
  purpose: 'phone_change_current',
  userId: '0b9f1b7e-8f8c-4d1c-9a43-2b8a3c4d5e6f',
  newPhone: '+50937001234',
  code: '123456',
};

describe('phone-change codes', () => {
  it('accept the code they were made from', () => {
    expect(isPhoneCodeRight(pepper, phoneCodeHash(pepper, binding), binding)).toBe(true);
  });

  it.each([
    ['another code', { code: '123457' }],
    ['the other step', { purpose: 'phone_change_new' as const }],
    ['another request', { requestId: '5a0c6c1e-4b0f-4a52-9d7e-6d1f3f1f2a11' }],
    ['another user', { userId: '0b9f1b7e-8f8c-4d1c-9a43-2b8a3c4d5e70' }],
    ['another new phone', { newPhone: '+50937001235' }],
  ])('refuse the same hash for %s', (_what, change) => {
    expect(isPhoneCodeRight(pepper, phoneCodeHash(pepper, binding), { ...binding, ...change })).toBe(false);
  });

  it('depend on the server secret', () => {
    expect(phoneCodeHash('another-pepper', binding)).not.toBe(phoneCodeHash(pepper, binding));
  });

  it('refuse a stored value that is not a hash', () => {
    expect(isPhoneCodeRight(pepper, 'not-hex', binding)).toBe(false);
  });
});
