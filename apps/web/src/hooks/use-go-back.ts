import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * History back, like the browser's button — unless this page was opened directly (a shared link,
 * a new tab), where "back" would leave the app: then go to `fallback` instead.
 */
export function useGoBack(fallback = '/') {
  const navigate = useNavigate();
  return useCallback(() => {
    // React Router numbers its history entries in history.state.idx; 0 is the first page we served.
    const state: unknown = window.history.state;
    const index = typeof state === 'object' && state !== null && 'idx' in state ? state.idx : 0;
    if (typeof index === 'number' && index > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
