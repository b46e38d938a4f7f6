import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database, Unlisten } from '../db/database.ts';
import { EventHub } from './event-hub.ts';

export const EVENTS_CHANNEL = 'kc_events';
const FLUSH_MS = 10;
const MAX_PAYLOAD_BYTES = 7000; // NOTIFY payloads stop at 8000 bytes

type LedgerEvent = { type: 'transaction'; users: string[]; id: string };

/**
 * Realtime events of the ledger. A movement made through this process reaches its clients at
 * once, and the other processes through a NOTIFY sent after the money transaction committed, in
 * batches, outside it (a NOTIFY inside would serialize every commit). Events NOTIFYed by the
 * database itself (voids, expiry) arrive the same way.
 */
export class LedgerEvents {
  readonly hub = new EventHub();
  private readonly origin = randomUUID();
  private pending: LedgerEvent[] = [];
  private timer: NodeJS.Timeout | undefined;
  private unlisten: Unlisten | undefined;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(EVENTS_CHANNEL, (payload) => this.receive(payload));
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    await this.flush();
    await this.unlisten?.();
  }

  /** A movement changed for these users (after its transaction committed). */
  publish(users: string[], movementId: string): void {
    const event: LedgerEvent = { type: 'transaction', users, id: movementId };
    this.hub.deliver(event);
    // One process alone (PGlite) has nobody to tell.
    if (this.database.kind !== 'postgres') return;
    this.pending.push(event);
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    while (this.pending.length > 0) {
      const batch: LedgerEvent[] = [];
      while (this.pending.length > 0 && JSON.stringify(batch).length < MAX_PAYLOAD_BYTES)
        batch.push(this.pending.shift() as LedgerEvent);
      const payload = JSON.stringify({ origin: this.origin, events: batch });
      // Realtime is a courtesy: a lost NOTIFY costs a refresh, never money.
      await sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`.execute(this.database.db).catch(() => {});
    }
  }

  private receive(payload: string): void {
    let parsed: { origin?: string; events?: unknown[] } & Partial<LedgerEvent>;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    if (parsed.origin === this.origin) return;
    const events = Array.isArray(parsed.events) ? parsed.events : [parsed];
    for (const event of events) if (isLedgerEvent(event)) this.hub.deliver(event);
  }
}

function isLedgerEvent(value: unknown): value is LedgerEvent {
  const e = value as Partial<LedgerEvent>;
  return e?.type === 'transaction' && typeof e.id === 'string' && Array.isArray(e.users);
}
