// The back office's calls: same origin, JSON, the operator's cookie (kc_op, sent only to
// /api/admin). A failure becomes an AdminApiError carrying the server's error code, which the
// screens translate; a 401 means the session ended and the shell shows the sign-in again.

export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

/** The error key of a failed call, `unexpected_error` for anything but the API's own, null without one. */
export function errorCodeOf(error: unknown): string | null {
  if (!error) return null;
  return error instanceof AdminApiError ? error.code : 'unexpected_error';
}

export const SESSION_ENDED_EVENT = 'kc-admin-session-ended';

type Options = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
};

export async function adminFetch<T>(path: string, options: Options = {}): Promise<T> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const url = `/api/admin${path}${query.size > 0 ? `?${query}` : ''}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers: options.body === undefined ? {} : { 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new AdminApiError(0, 'network_error');
  }
  if (response.status === 204) return undefined as T;
  const payload = (await response.json().catch(() => ({}))) as {
    error?: { code?: string; details?: Record<string, unknown> };
  };
  if (!response.ok) {
    if (response.status === 401 && path !== '/session') window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
    throw new AdminApiError(
      response.status,
      payload.error?.code ?? 'unexpected_error',
      payload.error?.details ?? {},
    );
  }
  return payload as T;
}

/** The address of a CSV export or a document photo: the browser fetches it with the cookie. */
export function adminUrl(path: string, query: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  return `/api/admin${path}${params.size > 0 ? `?${params}` : ''}`;
}
