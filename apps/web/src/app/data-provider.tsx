import { AppError } from '@kreyolcash/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { keepLastKnownBalance } from '@/features/wallet/api/last-known-balance';
import { apiClient } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { createQueryClient } from '@/lib/react-query';

// One cache for the whole visit: it outlives this layout when the user steps out to a static page.
export const queryClient = createQueryClient();
// The balance shown when the app opens without a network.
keepLastKnownBalance(queryClient, apiClient.store);

// Cached data belongs to one user: another one (or nobody) must never see it.
let cachedUserId: string | null = null;
apiClient.store.subscribe(() => {
  const state = apiClient.store.getState();
  const userId = state.status === 'signed-in' ? state.userId : null;
  if (userId !== cachedUserId) {
    cachedUserId = userId;
    queryClient.clear();
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
