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

  /** A NOTIFY payload from the ledger: {type, users: [ids], id}. Malformed payloads are ignored. */
  dispatch(payload: string): void {
    let parsed: { type?: unknown; users?: unknown; id?: unknown };
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    if (parsed.type !== 'transaction' || typeof parsed.id !== 'string' || !Array.isArray(parsed.users))
      return;
    const event: UserEvent = { type: 'transaction', id: parsed.id };
    for (const userId of parsed.users) {
      for (const subscriber of this.subscribers.get(String(userId)) ?? []) subscriber(event);
    }
  }

  get connectedUsers(): number {
    return this.subscribers.size;
  }
}
