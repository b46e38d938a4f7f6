import { AppError } from '@kreyolcash/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { keepLastKnownBalance } from '@/features/wallet/api/last-known-balance';
import { apiClient } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { createQueryClient } from '@/lib/react-query';
import type { SessionState } from '@/lib/session-store';

// One cache for the whole visit: it outlives this layout when the user steps out to a static page.
export const queryClient = createQueryClient();
// The balance shown when the app opens without a network.
keepLastKnownBalance(queryClient, apiClient.store);

// Cached data belongs to one user: another one (or nobody) must never see it. The restore that ends
// 'unknown' is no change of user: nothing cached before it can be someone else's (every request
// with a session waits for it), and clearing then would drop the queries already on their way —
// the dev outbox, which needs no session, kept its skeleton until its next poll.
let cachedUserId = userIdOf(apiClient.store.getState());
apiClient.store.subscribe(() => {
  const state = apiClient.store.getState();
  const userId = userIdOf(state);
  if (userId !== cachedUserId) {
    if (cachedUserId !== undefined) queryClient.clear();
    cachedUserId = userId;
  }
  // The screens that need a session send the user to the login; this says why.
  if (state.status === 'signed-out' && state.reason === 'expired') {
    notifyError(new AppError('session_expired'));
  }
});

// The screens under this layout start by restoring the session from the refresh cookie: start it
// now, while the screen's own code and texts are still on their way, instead of once it has drawn
// (one round trip less before a signed-in home shows its balance on a slow network).
void apiClient.restoreSession();

/** Whose the cached data is: a user's, nobody's (null), or not known yet (undefined). */
function userIdOf(state: SessionState): string | null | undefined {
  if (state.status === 'unknown') return undefined;
  return state.status === 'signed-in' ? state.userId : null;
}

/**
 * Providers of the screens that talk to the API (TanStack Query, toasts). A layout route, loaded
 * with the first such screen, so the landing and the legal pages never download them.
 */
export function DataProvider() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <Toaster />
    </QueryClientProvider>
  );
}
