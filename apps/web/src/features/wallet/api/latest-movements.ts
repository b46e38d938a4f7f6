import type { StatementPage, Transaction } from '@kreyolcash/domain';
import type { Query, QueryClient } from '@tanstack/react-query';

// The home's latest movements (`['wallet', 'transactions', { limit }]`, one page, no filter) after
// a transfer this device confirmed: the confirmation's answer is the movement exactly as the list
// shows it (the server presents both the same way), so it goes on top of the cached list instead
// of the list being read again when the home shows (on a slow, metered network, ~1.9 kB both ways
// over HTTP/1.1). Only when nothing else has moved since the list was read; otherwise it is read
// again, as any list the stream reports a movement for.

const LISTS = ['wallet', 'transactions'] as const;
/** Movements the stream reported, newest last, with when: a list read before one of them is out of date. */
const heard: { id: string; atMs: number }[] = [];
const HEARD_KEPT = 50;
/** Movements this device confirmed and put on its lists itself: their events need not re-read them. */
const placed = new Set<string>();

function isLatestList(query: Pick<Query, 'queryKey'>): boolean {
  const [, , params] = query.queryKey;
  return (
    query.queryKey.length === 3 &&
    typeof params === 'object' &&
    params !== null &&
    Object.keys(params).length === 1 &&
    typeof (params as { limit?: unknown }).limit === 'number'
  );
}

/** The stream reported a movement: every list of movements is out of date, but what we placed ourselves. */
export function movementReported(queryClient: QueryClient, id: string, nowMs = Date.now()): void {
  heard.push({ id, atMs: nowMs });
  if (heard.length > HEARD_KEPT) heard.shift();
  if (!placed.has(id)) {
    void queryClient.invalidateQueries({ queryKey: LISTS });
    return;
  }
  void queryClient.invalidateQueries({ queryKey: LISTS, predicate: (query) => !isLatestList(query) });
}

/** The stream was down: any movement may have been missed, so every list is out of date. */
export function movementsMissed(queryClient: QueryClient, nowMs = Date.now()): void {
  heard.push({ id: '', atMs: nowMs });
  if (heard.length > HEARD_KEPT) heard.shift();
  void queryClient.invalidateQueries({ queryKey: LISTS });
}

/** A transfer this device confirmed: on top of the latest movements it has, when they are otherwise current. */
export function placeConfirmedMovement(queryClient: QueryClient, movement: Transaction): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: LISTS })) {
    if (!isLatestList(query)) continue;
    const page = query.state.data as StatementPage | undefined;
    const limit = (query.queryKey[2] as { limit: number }).limit;
    const readAtMs = query.state.dataUpdatedAt;
    const movedSince = heard.some((event) => event.atMs >= readAtMs && event.id !== movement.id);
    if (!page || movedSince || query.state.fetchStatus !== 'idle') continue;
    placed.add(movement.id);
    const items = [movement, ...page.items.filter((item) => item.id !== movement.id)];
    queryClient.setQueryData<StatementPage>(query.queryKey, {
      ...page,
      // The home shows one page and never asks for the next: the cursor stays as it was read.
      items: items.slice(0, limit),
    });
  }
}
