import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * True while React takes over a prerendered page (hydrateRoot in main.tsx) — and in the prerender
 * itself — and false on every render after, which follows at once. A screen drawn from data that
 * the prerender did not have (the session, cached answers) draws without it first, as the HTML
 * was drawn: otherwise React would find other elements than the page's and draw it all again.
 */
export function useIsTakingOver(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}
