export type UserEvent = { type: 'transaction'; id: string };
type Subscriber = (event: UserEvent) => void;

/** In-process fan-out of ledger events to the open streams of each user. */
export class EventHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>();

  subscribe(userId: string, subscriber: Subscriber): () => void {
    let set = this.subscribers.get(userId);
    if (!set) {
      set = new Set();
      this.subscribers.set(userId, set);
    }
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0) this.subscribers.delete(userId);
    };
  }

  deliver(event: { type: 'transaction'; id: string; users: unknown[] }): void {
    for (const userId of event.users) {
      for (const subscriber of this.subscribers.get(String(userId)) ?? [])
        subscriber({ type: event.type, id: event.id });
    }
  }

  get connectedUsers(): number {
    return this.subscribers.size;
  }
}
