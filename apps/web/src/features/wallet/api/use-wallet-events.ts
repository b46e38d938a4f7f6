import { REALTIME_RECONNECT_BACKOFF_MS, type TransactionEvent } from '@kreyolcash/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from '@/lib/api-client';
import type { SessionStore } from '@/lib/session-store';
import { getWalletQueryOptions } from './get-wallet';
import { isWallet } from './is-wallet';
import { movementReported, movementsMissed } from './latest-movements';

// GET /api/events: the server pushes `balance` (the new wallet) and `transaction` ({id}) events
// as the ledger commits, so the balance and the lists change without a reload.

type EventSourceLike = {
  addEventListener: (type: string, listener: (event: MessageEvent<string>) => void) => void;
  close: () => void;
};

export type WalletEventsDeps = {
  queryClient: QueryClient;
  /** Whose stream this is: it stops, and its events are dropped, once someone else is signed in. */
  userId: string;
  session?: Pick<SessionStore, 'getState' | 'subscribe'>;
  /** The access token to connect with (EventSource cannot send headers), or null without one. */
  getAccessToken?: () => Promise<string | null>;
  createSource?: (url: string) => EventSourceLike;
};

export type WalletEvents = {
  stop: () => void;
  isStopped: () => boolean;
  /** Connected now: the server will push what the ledger commits for this user. */
  isOpen: () => boolean;
  /** How many balance events it has written into the wallet query so far. */
  balancesHeard: () => number;
};

/** Opens the stream and keeps it open, reconnecting after 1, 2, 5, then every 10 s. */
export function openWalletEvents({
  queryClient,
  userId,
  session = apiClient.store,
  getAccessToken = currentAccessToken,
  createSource = (url) => new EventSource(url),
}: WalletEventsDeps): WalletEvents {
  let source: EventSourceLike | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let hasConnected = false;
  let isStopped = false;
  let isOpen = false;
  let balancesHeard = 0;
  const isOwnersSession = () => {
    const state = session.getState();
    return state.status === 'signed-in' && state.userId === userId;
  };

  function retryLater() {
    if (isStopped) return;
    const backoff = REALTIME_RECONNECT_BACKOFF_MS;
    const delayMs = backoff[Math.min(failures, backoff.length - 1)] ?? backoff[backoff.length - 1];
    failures += 1;
    retryTimer = setTimeout(() => void connect(), delayMs);
  }

  async function connect() {
    const token = await getAccessToken().catch(() => null);
    if (isStopped) return;
    if (!token) return retryLater();
    const stream = createSource(`/api/events?access_token=${encodeURIComponent(token)}`);
    source = stream;
    stream.addEventListener('open', () => {
      failures = 0;
      isOpen = true;
      // What happened while the stream was down was not heard: read the lists again. (The
      // balance needs nothing: the server sends it first thing on every connection.)
      if (hasConnected) movementsMissed(queryClient);
      hasConnected = true;
    });
    stream.addEventListener('balance', (event) => {
      if (!isOwnersSession()) return;
      const wallet = parseJson(event.data);
      if (!isWallet(wallet)) return;
      queryClient.setQueryData(getWalletQueryOptions().queryKey, wallet);
      balancesHeard += 1;
    });
    stream.addEventListener('transaction', (event) => {
      if (!isOwnersSession()) return;
      // The contract's shape, still checked: a stream's bytes are not trusted blindly.
      const movement = parseJson(event.data) as Partial<Record<keyof TransactionEvent, unknown>> | undefined;
      if (typeof movement?.id === 'string') movementReported(queryClient, movement.id);
      else void queryClient.invalidateQueries({ queryKey: ['wallet', 'transactions'] });
    });
    stream.addEventListener('error', () => {
      // EventSource would reconnect by itself, but with the token in its URL, which expires
      // after 15 minutes: close it and connect again with the current token.
      stream.close();
      isOpen = false;
      if (source === stream) source = null;
      retryLater();
    });
  }

  function stop() {
    isStopped = true;
    isOpen = false;
    clearTimeout(retryTimer);
    source?.close();
    source = null;
    unsubscribe();
  }
  // Logged out, or another account signed in on this device: this stream is nobody's now.
  const unsubscribe = session.subscribe(() => {
    if (!isOwnersSession() && session.getState().status !== 'unknown') stop();
  });

  void connect();
  return {
    stop,
    isStopped: () => isStopped,
    isOpen: () => isOpen && !isStopped,
    balancesHeard: () => balancesHeard,
  };
}

// The screens that show money each ask for the stream; they share one connection, kept a moment
// after the last one leaves so that going from home to the statement does not reconnect.
const LINGER_MS = 5_000;
type SharedConnection = {
  userId: string;
  users: number;
  events: WalletEvents;
  closeTimer?: ReturnType<typeof setTimeout>;
};
let shared: SharedConnection | null = null;

function retain(queryClient: QueryClient, userId: string): () => void {
  if (shared && (shared.userId !== userId || shared.events.isStopped())) {
    shared.events.stop();
    clearTimeout(shared.closeTimer);
    shared = null;
  }
  const connection = shared ?? { userId, users: 0, events: openWalletEvents({ queryClient, userId }) };
  shared = connection;
  clearTimeout(connection.closeTimer);
  connection.users += 1;
  return () => {
    connection.users -= 1;
    if (connection.users > 0) return;
    connection.closeTimer = setTimeout(() => {
      if (connection.users > 0) return;
      connection.events.stop();
      if (shared === connection) shared = null;
    }, LINGER_MS);
  };
}

/** Keeps the wallet and its lists up to date while the calling screen is shown to `userId`. */
export function useWalletEvents(userId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    return retain(queryClient, userId);
  }, [userId, queryClient]);
}

// How long a change the stream should report may take to arrive before the wallet is read again.
export const LEDGER_ECHO_TIMEOUT_MS = 3_000;

/**
 * For a request that moves the caller's money (a transfer started, or confirmed): call it as the
 * request leaves, and call what it returns once the answer is in. While the stream is open the
 * server pushes the new balance and the movement itself, so nothing is read again (on a slow,
 * metered network, each read of the wallet is ~1.6 kB both ways); without a stream, or when no
 * balance came within LEDGER_ECHO_TIMEOUT_MS of the answer, the wallet and its lists are read
 * again as before.
 */
export function followLedgerChange(
  queryClient: QueryClient,
  events: Pick<WalletEvents, 'isOpen' | 'balancesHeard'> | undefined = shared?.events,
): () => void {
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  const heardBefore = events?.balancesHeard() ?? 0;
  return () => {
    if (!events?.isOpen()) return refresh();
    setTimeout(() => {
      if (events.balancesHeard() === heardBefore) refresh();
    }, LEDGER_ECHO_TIMEOUT_MS);
  };
}

async function currentAccessToken(): Promise<string | null> {
  await apiClient.restoreSession();
  const token = apiClient.store.getAccessToken();
  // A token about to expire would be refused at the door: refresh it first.
  if (token && token.expiresAtMs - Date.now() > 10_000) return token.value;
  if (apiClient.store.getState().status !== 'signed-in') return null;
  await apiClient.refreshSession();
  return apiClient.store.getAccessToken()?.value ?? null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
