/**
 * Runs `run` under the browser's Web Lock `name` (across this site's tabs), or at once where the
 * browser has no Web Locks. The API client and the home's early script take the refresh cookie's
 * lock with it: a refresh token works once, so two tabs must never trade it together.
 */
export function withBrowserLock<T>(name: string, run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // The lock is held until run's promise settles; request() resolves with its value (not a promise).
  return locks ? (locks.request(name, run) as unknown as Promise<T>) : run();
}
