export type UserEvent = { type: 'transaction'; id: string };

/** One open stream: it hears its user's events and ends with its session. */
export type StreamSubscriber = { sessionId: string; onEvent(event: UserEvent): void; end(): void };

/** In-process fan-out of ledger events to the open streams of each user. */
export class EventHub {
  private readonly byUser = new Map<string, Set<StreamSubscriber>>();
  private readonly bySession = new Map<string, Set<StreamSubscriber>>();

  subscribe(userId: string, subscriber: StreamSubscriber): () => void {
    add(this.byUser, userId, subscriber);
    add(this.bySession, subscriber.sessionId, subscriber);
    return () => {
      remove(this.byUser, userId, subscriber);
      remove(this.bySession, subscriber.sessionId, subscriber);
    };
  }

  deliver(event: { type: 'transaction'; id: string; users: unknown[] }): void {
    for (const userId of event.users) {
      for (const subscriber of this.byUser.get(String(userId)) ?? [])
        subscriber.onEvent({ type: event.type, id: event.id });
    }
  }

  /** Ends this process's streams of a session at once (logout, refresh-token reuse). Other
   * processes find out at their next check (every event and every heartbeat). */
  endSession(sessionId: string): void {
    for (const subscriber of [...(this.bySession.get(sessionId) ?? [])]) subscriber.end();
  }

  /** Ends this process's streams of every session of a user (password reset). */
  endUser(userId: string): void {
    for (const subscriber of [...(this.byUser.get(userId) ?? [])]) subscriber.end();
  }

  get connectedUsers(): number {
    return this.byUser.size;
  }

  /** Streams open in this process (a user may have several: tabs, devices). */
  get openStreams(): number {
    let count = 0;
    for (const set of this.byUser.values()) count += set.size;
    return count;
  }
}

function add(map: Map<string, Set<StreamSubscriber>>, key: string, subscriber: StreamSubscriber): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(subscriber);
}

function remove(map: Map<string, Set<StreamSubscriber>>, key: string, subscriber: StreamSubscriber): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(subscriber);
  if (set.size === 0) map.delete(key);
}
