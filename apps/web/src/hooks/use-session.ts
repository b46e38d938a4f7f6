import { useEffect, useSyncExternalStore } from 'react';
import { apiClient } from '@/lib/api-client';
import type { SessionState } from '@/lib/session-store';

const { store } = apiClient;
const unknownSession: SessionState = { status: 'unknown' };
const notKnownYet = () => unknownSession;

/**
 * The signed-in user, or not. The first screen that asks restores the session kept in the refresh
 * cookie (status `unknown` until the server has answered).
 */
export function useSession(): SessionState {
  // The prerendered pages were drawn with no session known: a page taken over (hydrateRoot) is
  // first drawn so too, and with the session at once after. The restore may well have answered by
  // then — it starts as soon as the data layer loads.
  const state = useSyncExternalStore(store.subscribe, store.getState, notKnownYet);
  useEffect(() => {
    void apiClient.restoreSession();
  }, []);
  return state;
}
