import { REFERRAL_CODE_MAX_LENGTH } from './constants.ts';

/** The characters of an inviter's code (the sign-up's `codigo_indicacao`). */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * An invitation link's code, trimmed, when the sign-up would accept it; otherwise undefined. The
 * same rule as the sign-up schema's field, without zod, for a screen that must not load it.
 */
export function readReferralCode(value: string | null | undefined): string | undefined {
  const code = value?.trim();
  return code && code.length <= REFERRAL_CODE_MAX_LENGTH && REFERRAL_CODE_PATTERN.test(code)
    ? code
    : undefined;
}
