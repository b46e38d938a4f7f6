// The signed-in home's HTML asks for the session and the wallet before the app's code has arrived
// (src/features/wallet/early/home-early.ts): on a slow network those two round trips used to start only once the
// scripts had run. The app's API client takes those answers, once each, instead of asking again.

/** The lock under which a refresh token is traded, in every tab: it works only once. */
export const REFRESH_LOCK = 'kreyolcash.refresh';
export const REFRESH_PATH = '/api/auth/refresh';
export const WALLET_PATH = '/api/wallet';
/**
 * Said on the document (and kept as `data-kc-early-settled` on <html>) once the early script has
 * shown what it could (the balance, or nothing to show): the page's scripts wait for it
 * (public/after-paint.js), so that the app's download and start do not hold the balance back.
 */
export const EARLY_SETTLED_EVENT = 'kc:early-settled';

export type EarlySession = {
  /** The refresh's answer, asked for under REFRESH_LOCK. */
  refresh: Promise<Response>;
  /** The wallet's answer, asked for with the refreshed token; undefined when there was no token. */
  wallet: Promise<Response | undefined>;
  /** The access token the wallet was asked with, once known. */
  token?: string;
};

declare global {
  interface Window {
    kcEarlySession?: EarlySession;
  }
}

const taken = new Set<'refresh' | 'wallet'>();

function pathOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? `${input.pathname}${input.search}` : new URL(input.url).pathname;
}

function bearerOf(init: RequestInit | undefined): string | undefined {
  const headers = new Headers(init?.headers);
  return headers.get('authorization')?.replace(/^Bearer /, '');
}

/**
 * The page's early answer to this request, the first time it is made; undefined otherwise (send
 * it). The wallet's is used only if it was asked with the same token this request carries.
 */
export function takeEarlyAnswer(
  input: RequestInfo | URL,
  init: RequestInit | undefined,
  send: typeof fetch,
): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.kcEarlySession;
  if (!early) return undefined;
  const method = (init?.method ?? 'GET').toUpperCase();
  const path = pathOf(input);
  if (method === 'POST' && path === REFRESH_PATH && !taken.has('refresh')) {
    taken.add('refresh');
    return early.refresh;
  }
  if (method === 'GET' && path === WALLET_PATH && !taken.has('wallet') && taken.has('refresh')) {
    taken.add('wallet');
    const token = bearerOf(init);
    return early.wallet.then((answer) =>
      answer && token !== undefined && token === early.token ? answer : send(input, init),
    );
  }
  return undefined;
}
