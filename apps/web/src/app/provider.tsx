import { type ReactNode, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { BootSplash } from '@/components/boot-splash';

/** What every screen needs, the landing included. Kept small: it is part of the first download. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    // Suspends while the saved language's translations arrive on the first screen of a visit.
    <Suspense fallback={<BootSplash />}>
      <BrowserRouter>{children}</BrowserRouter>
    </Suspense>
  );
}
