import type { ComponentType, ReactNode } from 'react';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

export function App({ Router }: { Router?: ComponentType<{ children: ReactNode }> }) {
  return (
    <AppProvider Router={Router}>
      <AppRoutes />
    </AppProvider>
  );
}
