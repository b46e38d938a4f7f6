import { useCallback, useSyncExternalStore } from 'react';
import { BALANCE_HIDDEN_KEY as storageKey } from '../home-balance';

const listeners = new Set<() => void>();
let isHidden: boolean | undefined;

function getSnapshot(): boolean {
  if (isHidden === undefined) {
    try {
      isHidden = window.localStorage.getItem(storageKey) === '1';
    } catch {
      isHidden = false;
    }
  }
  return isHidden;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the balance shows as dots, and a toggle; remembered across visits. */
export function useHiddenBalance(): [boolean, () => void] {
  const hidden = useSyncExternalStore(subscribe, getSnapshot, () => false);
  const toggle = useCallback(() => {
    isHidden = !getSnapshot();
    try {
      window.localStorage.setItem(storageKey, isHidden ? '1' : '0');
    } catch {
      // Storage disabled: the choice holds until the page is closed.
    }
    for (const listener of listeners) listener();
  }, []);
  return [hidden, toggle];
}
