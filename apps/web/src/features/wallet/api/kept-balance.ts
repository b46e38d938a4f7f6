import type { Wallet } from '@kreyolcash/domain';
import { isWallet } from './is-wallet';

// The kept balance's storage, without React: the home's early script (src/features/wallet/early/home-early.ts)
// reads it too, before the app has arrived.

/**
 * The balance the app last received from the server, kept on this device so that the app can show
 * it when it opens without a network (spec: no money moves offline; the figure is only shown, with
 * the time it was true). It is the one answer of the API the app keeps: the service worker never
 * caches /api. Forgotten at logout and when someone else signs in on this device.
 */
export type LastKnownBalance = { userId: string; wallet: Wallet; savedAtMs: number };

export const KEPT_BALANCE_KEY = 'kreyolcash.lastKnownBalance';

export function findLastKnownBalance(): LastKnownBalance | null {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(KEPT_BALANCE_KEY) ?? 'null');
    return isLastKnownBalance(stored) ? stored : null;
  } catch {
    return null;
  }
}

function isLastKnownBalance(value: unknown): value is LastKnownBalance {
  if (typeof value !== 'object' || value === null) return false;
  const balance = value as Record<string, unknown>;
  return (
    typeof balance.userId === 'string' && typeof balance.savedAtMs === 'number' && isWallet(balance.wallet)
  );
}
