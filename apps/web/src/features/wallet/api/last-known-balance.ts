import type { Wallet } from '@kreyolcash/domain';
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { SessionStore } from '@/lib/session-store';
import { getWalletQueryOptions } from './get-wallet';
import { isWallet } from './is-wallet';
import { findLastKnownBalance, type LastKnownBalance, KEPT_BALANCE_KEY as storageKey } from './kept-balance';

function save(balance: LastKnownBalance): void {
  try {
    window.localStorage.setItem(storageKey, JSON.stringify(balance));
  } catch {
    // Storage disabled or full: the app simply has no offline figure.
  }
}

export function forgetLastKnownBalance(): void {
  try {
    window.localStorage.removeItem(storageKey);
  } catch {
    // Nothing was kept.
  }
}

/** Keeps the signed-in user's latest wallet (from a query or a realtime event) on the device. */
export function keepLastKnownBalance(queryClient: QueryClient, session: SessionStore): void {
  const walletKey = JSON.stringify(getWalletQueryOptions().queryKey);
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (JSON.stringify(event.query.queryKey) !== walletKey) return;
    const state = session.getState();
    const wallet: unknown = event.query.state.data;
    if (state.status === 'signed-in' && isWallet(wallet))
      save({ userId: state.userId, wallet, savedAtMs: event.query.state.dataUpdatedAt });
  });
  session.subscribe(() => {
    const state = session.getState();
    const kept = findLastKnownBalance();
    if (!kept) return;
    const isSomeoneElse = state.status === 'signed-in' && state.userId !== kept.userId;
    if (isSomeoneElse || (state.status === 'signed-out' && state.reason === 'logout'))
      forgetLastKnownBalance();
  });
}

// The same object for the same stored text, as useSyncExternalStore requires of a snapshot.
let snapshot: { text: string | null; wallet: Wallet | undefined; userId: string | undefined } | undefined;

function readSnapshot(): { wallet: Wallet | undefined; userId: string | undefined } {
  let text: string | null = null;
  try {
    text = window.localStorage.getItem(storageKey);
  } catch {
    // Storage disabled: nothing kept.
  }
  if (snapshot?.text !== text) {
    const kept = findLastKnownBalance();
    snapshot = { text, wallet: kept?.wallet, userId: kept?.userId };
  }
  return snapshot;
}

const noSnapshot = { wallet: undefined, userId: undefined };
const noSubscription = () => () => {};

/**
 * The wallet last kept on this device, to show on the home until the server's answer arrives —
 * never someone else's. Undefined on the server and while a prerendered page is being taken over
 * (the page was drawn without it), then at once after.
 */
export function useLastKnownWallet(signedInUserId: string | null): Wallet | undefined {
  const kept = useSyncExternalStore(noSubscription, readSnapshot, () => noSnapshot);
  if (signedInUserId !== null && kept.userId !== signedInUserId) return undefined;
  return kept.wallet;
}
