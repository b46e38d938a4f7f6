import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readReferralCode } from './referral-code.ts';
import { signupSchema } from './schemas/signup.ts';

const field = signupSchema.shape.codigo_indicacao;

describe('readReferralCode', () => {
  it('keeps a code the sign-up accepts, trimmed', () => {
    expect(readReferralCode(' ANA-12_x ')).toBe('ANA-12_x');
  });

  it('drops an absent, empty, malformed or too long code', () => {
    for (const value of [null, undefined, '', '   ', 'a b', 'ação', 'x'.repeat(200)]) {
      expect(readReferralCode(value), String(value)).toBeUndefined();
    }
  });

  it('agrees with the sign-up schema on any text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\s?[A-Za-z0-9_-]{0,40}\s?$/)), (value) => {
        const parsed = field.safeParse(value);
        expect(readReferralCode(value)).toBe(parsed.success ? parsed.data : undefined);
      }),
    );
  });
});
