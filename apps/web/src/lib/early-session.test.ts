import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EarlySession } from './early-session';

// Each case loads the module afresh: what it has handed out is kept for the page's life.
async function load(early: EarlySession | undefined) {
  vi.stubGlobal('window', { kcEarlySession: early });
  vi.resetModules();
  return import('./early-session');
}

const answer = (body: string) => new Response(body, { status: 200 });

function earlySession(token = 'token-1'): { early: EarlySession; refresh: Response; wallet: Response } {
  const refresh = answer('{"access_token":"token-1"}');
  const wallet = answer('{"saldo_centis":100}');
  const early: EarlySession = { refresh: Promise.resolve(refresh), wallet: Promise.resolve(wallet), token };
  return { early, refresh, wallet };
}

describe('the home page’s early answers', () => {
  let send: typeof fetch & ReturnType<typeof vi.fn>;
  beforeEach(() => {
    send = vi.fn(async () => answer('sent')) as unknown as typeof send;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends everything itself on a page that asked nothing early', async () => {
    const { takeEarlyAnswer } = await load(undefined);
    expect(takeEarlyAnswer('/api/auth/refresh', { method: 'POST' }, send)).toBeUndefined();
    expect(takeEarlyAnswer('/api/wallet', {}, send)).toBeUndefined();
  });

  it('hands the refresh’s answer out once: a later refresh is sent', async () => {
    const { early, refresh } = earlySession();
    const { takeEarlyAnswer } = await load(early);
    expect(await takeEarlyAnswer('/api/auth/refresh', { method: 'POST' }, send)).toBe(refresh);
    expect(takeEarlyAnswer('/api/auth/refresh', { method: 'POST' }, send)).toBeUndefined();
    expect(takeEarlyAnswer('/api/auth/refresh', { method: 'GET' }, send)).toBeUndefined();
  });

  it('hands the wallet out once, after the refresh, to a request with the same token', async () => {
    const { early, wallet } = earlySession();
    const { takeEarlyAnswer } = await load(early);
    const headers = { authorization: 'Bearer token-1' };
    expect(takeEarlyAnswer('/api/wallet', { headers }, send)).toBeUndefined();
    await takeEarlyAnswer('/api/auth/refresh', { method: 'POST' }, send);
    expect(takeEarlyAnswer('/api/wallet?x=1', { headers }, send)).toBeUndefined();
    expect(await takeEarlyAnswer('/api/wallet', { headers }, send)).toBe(wallet);
    expect(takeEarlyAnswer('/api/wallet', { headers }, send)).toBeUndefined();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the wallet itself when its token is not the one the page asked with', async () => {
    const { early } = earlySession('token-0');
    const { takeEarlyAnswer } = await load(early);
    await takeEarlyAnswer('/api/auth/refresh', { method: 'POST' }, send);
    const init = { headers: { authorization: 'Bearer token-1' } };
    expect(await (await takeEarlyAnswer('/api/wallet', init, send))?.text()).toBe('sent');
    expect(send).toHaveBeenCalledWith('/api/wallet', init);
  });

  it('sends the wallet itself when the page had no token for it', async () => {
    const early: EarlySession = {
      refresh: Promise.resolve(new Response('{}', { status: 401 })),
      wallet: Promise.resolve(undefined),
    };
    const { takeEarlyAnswer } = await load(early);
    await takeEarlyAnswer('/api/auth/refresh', { method: 'POST' }, send);
    const init = { headers: { authorization: 'Bearer token-1' } };
    expect(await (await takeEarlyAnswer('/api/wallet', init, send))?.text()).toBe('sent');
  });
});
