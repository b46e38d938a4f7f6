import { useEffect, useState } from 'react';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { apiClient } from '@/lib/api-client';
import type { SessionState } from '@/lib/session-store';
import { findLastKnownBalance, type LastKnownBalance } from '../api/kept-balance';

/**
 * The last known balance to show in place of the home while the phone has no network, or null
 * (online, or nothing known). When the network comes back, the session kept in the refresh cookie
 * is tried again first (opened offline, its restore gave up): it stays shown until that answer,
 * rather than sending a signed-in person to the login.
 */
export function useOfflineBalance(session: SessionState): LastKnownBalance | null {
  const isOnline = useOnlineStatus();
  const [wasOnline, setWasOnline] = useState(isOnline);
  const [isReconnecting, setIsReconnecting] = useState(false);
  // Set during render (not in an effect) so that no frame decides on the stale session.
  if (wasOnline !== isOnline) {
    setWasOnline(isOnline);
    if (isOnline && session.status !== 'signed-in') setIsReconnecting(true);
  }

  useEffect(() => {
    if (!isReconnecting) return;
    let isCurrent = true;
    void apiClient.refreshSession().finally(() => {
      if (isCurrent) setIsReconnecting(false);
    });
    return () => {
      isCurrent = false;
    };
  }, [isReconnecting]);

  if (isOnline && !isReconnecting) return null;
  const kept = findLastKnownBalance();
  // Someone else's figure never shows to the person signed in now.
  if (kept && session.status === 'signed-in' && session.userId !== kept.userId) return null;
  return kept;
}
