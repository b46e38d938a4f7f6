/**
 * Registers the service worker that the production build writes (dist/sw.js): the app shell
 * cached for repeat and offline visits. Never in development, where Vite serves modules that
 * change on every edit.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      // The app works without it, only without the offline shell.
      console.warn('service worker not registered', error);
    });
  };
  // After the page has loaded: the worker's downloads must not slow the first screen.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
