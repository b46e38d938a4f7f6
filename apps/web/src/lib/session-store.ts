/**
 * Who is signed in, held in memory only. The access token never touches localStorage: a script
 * injected into the page could read it there. The refresh token lives in an httpOnly cookie that
 * survives reloads, and the API client trades it for a new access token when the app starts.
 */
export type SessionState =
  // Not known yet: the first refresh that restores a session has not answered.
  | { status: 'unknown' }
  // `expired`: the session ended on its own (refresh refused); `logout`: the user left;
  // `none`: there was no session to restore.
  | { status: 'signed-out'; reason: 'none' | 'expired' | 'logout' }
  | { status: 'signed-in'; userId: string };

export type AccessToken = { value: string; expiresAtMs: number };

export type SessionStore = ReturnType<typeof createSessionStore>;

export function createSessionStore() {
  let state: SessionState = { status: 'unknown' };
  let accessToken: AccessToken | null = null;
  const listeners = new Set<() => void>();

  function update(next: SessionState) {
    state = next;
    for (const listener of listeners) listener();
  }

  return {
    /** A stable object until the session changes, as useSyncExternalStore requires. */
    getState: (): SessionState => state,
    getAccessToken: (): AccessToken | null => accessToken,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn(userId: string, token: AccessToken) {
      accessToken = token;
      // A refreshed token for the same user is not news for the screens: keep the same state object.
      if (state.status !== 'signed-in' || state.userId !== userId) update({ status: 'signed-in', userId });
    },
    signOut(reason: 'none' | 'expired' | 'logout') {
      accessToken = null;
      if (state.status !== 'signed-out' || state.reason !== reason) update({ status: 'signed-out', reason });
    },
  };
}
