import { readReferralCode } from '@kreyolcash/domain';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

const storageKey = 'kreyolcash.referralCode';

/**
 * The inviter's code of an invitation link (`/register?ref=CODE`), kept for this tab so that a
 * reload or a detour through the login still signs the friend up with it. A malformed code is
 * dropped here: sent, it would make the server refuse the whole sign-up.
 */
export function useReferralCode(): string | undefined {
  const [searchParams] = useSearchParams();
  const fromLink = searchParams.get('ref');
  return useMemo(() => {
    const code = readReferralCode(fromLink);
    if (code) {
      writeStored(code);
      return code;
    }
    return readReferralCode(readStored());
  }, [fromLink]);
}

/** After the sign-up: the code has done its work. */
export function forgetReferralCode(): void {
  try {
    window.sessionStorage.removeItem(storageKey);
  } catch {
    // Storage disabled: nothing was kept.
  }
}

function readStored(): string | null {
  try {
    return window.sessionStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

function writeStored(code: string): void {
  try {
    window.sessionStorage.setItem(storageKey, code);
  } catch {
    // Storage disabled (private mode): the code still applies to this visit of the page.
  }
}
