import { type ComponentType, type ReactNode, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { BootSplash } from '@/components/boot-splash';

type AppProviderProps = {
  children: ReactNode;
  /** The browser's history; the build's prerender (src/prerender.tsx) passes a router fixed on one path. */
  Router?: ComponentType<{ children: ReactNode }>;
};

/** What every screen needs, the landing included. Kept small: it is part of the first download. */
export function AppProvider({ children, Router = BrowserRouter }: AppProviderProps) {
  return (
    // Suspends while the saved language's translations arrive on the first screen of a visit.
    <Suspense fallback={<BootSplash />}>
      <Router>{children}</Router>
    </Suspense>
  );
}
