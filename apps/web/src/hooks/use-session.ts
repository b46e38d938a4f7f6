import { useEffect, useSyncExternalStore } from 'react';
import { apiClient } from '@/lib/api-client';
import type { SessionState } from '@/lib/session-store';

const { store } = apiClient;

/**
 * The signed-in user, or not. The first screen that asks restores the session kept in the refresh
 * cookie (status `unknown` until the server has answered).
 */
export function useSession(): SessionState {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  useEffect(() => {
    void apiClient.restoreSession();
  }, []);
  return state;
}
