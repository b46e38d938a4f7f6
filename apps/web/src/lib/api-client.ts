import {
  AppError,
  AUTH_REFRESH_RETRY_BASE_MS,
  AUTH_REFRESH_THRESHOLD_TICKS,
  AUTH_REFRESH_TICK_MS,
  isRetryableStatus,
  NETWORK_FAILURE_STATUS,
  type RefreshedSession,
  type SessionTokens,
} from '@kreyolcash/domain';
import { withBrowserLock } from './browser-lock';
import { REFRESH_LOCK, REFRESH_PATH, takeEarlyAnswer } from './early-session';
import { type AccessToken, createSessionStore, type SessionStore } from './session-store';

// The one API client (DESIGN.md §3): same origin, JSON in and out (multipart for uploads), the
// bearer token from memory, sessions kept alive by refreshing before expiry, and every failure
// turned into an AppError whose `code` the screens switch on.

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  method?: Method;
  query?: Record<string, string | number | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data (the browser writes the boundary). */
  form?: FormData;
  /** Send the bearer token and refresh it on a 401 (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  /** Extra request headers, e.g. the Idempotency-Key of a transfer. */
  headers?: Record<string, string>;
};

export type ApiClientDeps = {
  fetch: typeof fetch;
  store?: SessionStore;
  /**
   * Runs the refresh alone across the browser's tabs: a refresh token works once, and two tabs
   * presenting the same one would look like theft to the server, which then ends the session.
   */
  withLock?: <T>(name: string, run: () => Promise<T>) => Promise<T>;
};

export type ApiClient = ReturnType<typeof createApiClient>;

const REFRESH_THRESHOLD_MS = AUTH_REFRESH_THRESHOLD_TICKS * AUTH_REFRESH_TICK_MS;

/** A failure worth another try: no answer at all, or a gateway in front of a restarting API. */
export function isRetryableFailure(error: AppError): boolean {
  return error.status === NETWORK_FAILURE_STATUS || isRetryableStatus(error.status);
}

export function createApiClient({
  fetch: fetchImpl,
  store = createSessionStore(),
  withLock = withBrowserLock,
}: ApiClientDeps) {
  let refreshing: Promise<AppError | null> | null = null;
  let restoring: Promise<void> | null = null;
  // Bumped at logout, so that a refresh still in flight cannot sign the user back in.
  let generation = 0;
  let ticker: ReturnType<typeof setInterval> | undefined;

  async function send<T>(path: string, options: RequestOptions, accessToken?: string): Promise<T> {
    const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
    let body: BodyInit | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    if (accessToken) headers.authorization = `Bearer ${accessToken}`;
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(urlOf(path, options.query), {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        body,
        credentials: 'same-origin',
        signal: options.signal,
      });
      text = await response.text();
    } catch (error) {
      // A cancelled request (TanStack Query aborting a stale query) is not a failure to report.
      if (options.signal?.aborted) throw error;
      throw new AppError('network_error', { status: NETWORK_FAILURE_STATUS, cause: error });
    }
    const payload = parseJson(text);
    if (!response.ok) throw AppError.fromBody(response.status, payload);
    return payload as T;
  }

  function startSession(userId: string, tokens: SessionTokens) {
    store.signIn(userId, accessTokenOf(tokens));
  }

  /** Trades the refresh cookie for a new access token; the error when that failed, else null. */
  function refreshSession(): Promise<AppError | null> {
    refreshing ??= withLock(REFRESH_LOCK, runRefresh).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  // Retries a network or gateway failure with a 200 ms doubling backoff for up to one tick; a
  // refusal (401 session_expired) ends the session at once.
  async function runRefresh(): Promise<AppError | null> {
    const startedAt = Date.now();
    const startedGeneration = generation;
    for (let attempt = 0; ; attempt += 1) {
      try {
        const answer = await send<RefreshedSession>(REFRESH_PATH, {
          method: 'POST',
          auth: false,
        });
        if (generation !== startedGeneration) return new AppError('session_expired');
        startSession(answer.user_id, answer);
        return null;
      } catch (thrown) {
        const error = AppError.from(thrown);
        if (!isRetryableFailure(error)) {
          const wasSignedIn = store.getState().status === 'signed-in';
          if (generation === startedGeneration) store.signOut(wasSignedIn ? 'expired' : 'none');
          return error;
        }
        const delayMs = AUTH_REFRESH_RETRY_BASE_MS * 2 ** attempt;
        if (Date.now() + delayMs - startedAt >= AUTH_REFRESH_TICK_MS) {
          // Still offline: keep a session we have (the next tick tries again); one we could not
          // restore is, for now, none.
          if (store.getState().status === 'unknown') store.signOut('none');
          return error;
        }
        await sleep(delayMs);
      }
    }
  }

  /** Restores the session kept in the refresh cookie, once per page load. */
  function restoreSession(): Promise<void> {
    if (store.getState().status !== 'unknown') return Promise.resolve();
    restoring ??= refreshSession().then(() => undefined);
    return restoring;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    if (options.auth === false) return send<T>(path, options);
    await restoreSession();
    const token = store.getAccessToken();
    // An expired token would only earn a 401: refresh first.
    if (token && token.expiresAtMs <= Date.now()) await refreshSession();
    try {
      return await send<T>(path, options, store.getAccessToken()?.value);
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 401 || !store.getAccessToken()) throw error;
    }
    // The token was refused (revoked, or expired while the phone slept): one refresh, one retry.
    const refreshError = await refreshSession();
    if (refreshError) throw isRetryableFailure(refreshError) ? refreshError : sessionExpired(refreshError);
    try {
      return await send<T>(path, options, store.getAccessToken()?.value);
    } catch (error) {
      if (error instanceof AppError && error.status === 401) {
        store.signOut('expired');
        throw sessionExpired(error);
      }
      throw error;
    }
  }

  async function logout(): Promise<void> {
    generation += 1;
    try {
      // Revokes the session and clears the cookie; awaited so that a quick new login cannot have
      // its fresh cookie cleared by this answer arriving late.
      await send('/api/auth/logout', { method: 'POST', auth: false });
    } catch {
      // Offline: the session ends here anyway; the server's copy expires on its own.
    }
    store.signOut('logout');
  }

  function tick() {
    const token = store.getAccessToken();
    if (token && token.expiresAtMs - Date.now() <= REFRESH_THRESHOLD_MS) void refreshSession();
  }

  // Checks every 30 s while signed in, and as soon as the page is shown again (a phone that slept
  // did not run the timer).
  store.subscribe(() => {
    const signedIn = store.getState().status === 'signed-in';
    if (signedIn && ticker === undefined) ticker = setInterval(tick, AUTH_REFRESH_TICK_MS);
    if (!signedIn && ticker !== undefined) {
      clearInterval(ticker);
      ticker = undefined;
    }
  });
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') tick();
    });
  }

  return {
    store,
    request,
    get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body' | 'form'>) =>
      request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body }),
    startSession,
    restoreSession,
    refreshSession,
    logout,
  };
}

function accessTokenOf(tokens: SessionTokens): AccessToken {
  // From expires_in and this device's own clock, not expires_at: a phone whose clock is off by
  // an hour would otherwise see every token as expired (or never expiring).
  return { value: tokens.access_token, expiresAtMs: Date.now() + tokens.expires_in * 1000 };
}

function sessionExpired(cause: AppError): AppError {
  return new AppError('session_expired', { status: 401, cause });
}

function urlOf(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy's HTML error page: AppError.fromBody then goes by the status alone.
    return undefined;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The app's client: base '' (same origin); the home's page may have asked its first questions. */
export const apiClient = createApiClient({
  fetch: (input, init) => takeEarlyAnswer(input, init, fetch) ?? fetch(input, init),
});
