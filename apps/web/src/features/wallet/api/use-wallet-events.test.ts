import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '@/lib/session-store';
import { followLedgerChange, LEDGER_ECHO_TIMEOUT_MS, openWalletEvents } from './use-wallet-events';

/** An EventSource stand-in whose events the test fires by hand. */
class FakeSource {
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  isClosed = false;
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.isClosed = true;
  }
  fire(type: string, data?: unknown) {
    const event = { data: JSON.stringify(data) } as MessageEvent<string>;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

function setUp() {
  const sources: FakeSource[] = [];
  const queryClient = new QueryClient();
  const session = createSessionStore();
  session.signIn('user-a', { value: 'token-1', expiresAtMs: Date.now() + 900_000 });
  let token = 'token-1';
  const events = openWalletEvents({
    queryClient,
    userId: 'user-a',
    session,
    getAccessToken: async () => token,
    createSource: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
  });
  return {
    sources,
    queryClient,
    session,
    events,
    setToken: (next: string) => {
      token = next;
    },
  };
}

const wallet = { saldo_centis: 8750, reservado_centis: 0, disponivel_centis: 8750 };

describe('wallet events', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('connects with the access token in the URL, since EventSource cannot send headers', async () => {
    const { sources, events } = setUp();
    await vi.advanceTimersByTimeAsync(0);
    expect(sources.map((source) => source.url)).toEqual(['/api/events?access_token=token-1']);
    events.stop();
    expect(sources[0]?.isClosed).toBe(true);
  });

  it('writes a balance event into the wallet query and refreshes the lists on a transaction', async () => {
    const { sources, queryClient, events } = setUp();
    await vi.advanceTimersByTimeAsync(0);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    sources[0]?.fire('balance', wallet);
    expect(queryClient.getQueryData(['wallet'])).toEqual(wallet);
    sources[0]?.fire('balance', { saldo_centis: 'lots' });
    expect(queryClient.getQueryData(['wallet'])).toEqual(wallet);
    sources[0]?.fire('transaction', { id: 'movement-1' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['wallet', 'transactions'] });
    events.stop();
  });

  it('reconnects after 1, 2, 5, then every 10 s, with the current token, and starts over once open', async () => {
    const { sources, setToken, events } = setUp();
    await vi.advanceTimersByTimeAsync(0);
    setToken('token-2');
    for (const expected of [1_000, 2_000, 5_000, 10_000, 10_000]) {
      const before = sources.length;
      sources.at(-1)?.fire('error');
      expect(sources.at(-1)?.isClosed).toBe(true);
      await vi.advanceTimersByTimeAsync(expected - 1);
      expect(sources.length).toBe(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(sources.length).toBe(before + 1);
    }
    expect(sources.at(-1)?.url).toBe('/api/events?access_token=token-2');

    sources.at(-1)?.fire('open');
    sources.at(-1)?.fire('error');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sources.length).toBe(7);
    events.stop();
  });

  it('re-reads the lists when it comes back, for the events it missed while away', async () => {
    const { sources, queryClient, events } = setUp();
    await vi.advanceTimersByTimeAsync(0);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    sources[0]?.fire('open');
    expect(invalidate).not.toHaveBeenCalled();
    sources[0]?.fire('error');
    await vi.advanceTimersByTimeAsync(1_000);
    sources[1]?.fire('open');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['wallet', 'transactions'] });
    events.stop();
  });

  it('stops, and drops late events, once its user is no longer the one signed in', async () => {
    const { sources, queryClient, session, events } = setUp();
    await vi.advanceTimersByTimeAsync(0);
    session.signIn('user-b', { value: 'token-b', expiresAtMs: Date.now() + 900_000 });
    expect(events.isStopped()).toBe(true);
    expect(sources[0]?.isClosed).toBe(true);
    sources[0]?.fire('balance', wallet);
    expect(queryClient.getQueryData(['wallet'])).toBeUndefined();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sources).toHaveLength(1);
  });
});

describe('after a request that moves money', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads nothing again when the open stream brings the new balance, even before the answer', async () => {
    const { sources, queryClient, events } = setUp();
    await vi.advanceTimersByTimeAsync(0);
    sources[0]?.fire('open');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const settled = followLedgerChange(queryClient, events);
    sources[0]?.fire('balance', wallet);
    settled();
    await vi.advanceTimersByTimeAsync(LEDGER_ECHO_TIMEOUT_MS * 2);
    expect(invalidate).not.toHaveBeenCalled();
    events.stop();
  });

  it('reads the wallet again when no balance came in time', async () => {
    const { sources, queryClient, events } = setUp();
    await vi.advanceTimersByTimeAsync(0);
    sources[0]?.fire('open');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    followLedgerChange(queryClient, events)();
    await vi.advanceTimersByTimeAsync(LEDGER_ECHO_TIMEOUT_MS - 1);
    expect(invalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['wallet'] });
    events.stop();
  });

  it('reads the wallet again at once without an open stream', async () => {
    const { sources, queryClient, events } = setUp();
    await vi.advanceTimersByTimeAsync(0);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    // Not open yet.
    followLedgerChange(queryClient, events)();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['wallet'] });
    // Open, then broken.
    invalidate.mockClear();
    sources[0]?.fire('open');
    sources[0]?.fire('error');
    followLedgerChange(queryClient, events)();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['wallet'] });
    // No stream at all.
    invalidate.mockClear();
    followLedgerChange(queryClient, undefined)();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['wallet'] });
    events.stop();
  });
});
