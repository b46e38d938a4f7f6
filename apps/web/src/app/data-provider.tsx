import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/react-query';

// One cache for the whole visit: it outlives this layout when the user steps out to a static page.
const queryClient = createQueryClient();

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
