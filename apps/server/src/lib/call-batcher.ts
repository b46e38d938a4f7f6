type Waiting<I, R> = { item: I; resolve: (result: R) => void; reject: (error: unknown) => void };

export type CallBatcherOptions<I, R> = {
  /** Runs several items in one call (one round trip, one transaction); answers in item order. */
  runMany: (items: I[]) => Promise<R[]>;
  /** Runs one item alone: a lone item, and each item of a batch the database rolled back. */
  runOne: (item: I) => Promise<R>;
  /**
   * Lanes, each with one call in flight; items arriving meanwhile wait and leave together in the
   * lane's next call. An item's lane comes from its key, so the items of one key (one payer) are
   * never in two calls at once and calls of different lanes do not wait on each other's rows.
   * Items without a key (reads, which have no order to keep) share one queue instead, and the
   * next free lane takes its call from it: none waits behind a busy lane while another is free.
   */
  lanes: number;
  keyOf?: (item: I) => string;
  maxBatch: number;
};

type Lane<I, R> = { waiting: Waiting<I, R>[]; busy: boolean; due: boolean };

/**
 * Natural batching: a call leaves as soon as its lane is free, so a quiet server adds no delay;
 * under load, what arrived while the lane was busy leaves as one call. Fewer round trips and
 * commits per item, and a hot account is locked once for many items.
 */
export class CallBatcher<I, R> {
  private readonly lanes: Lane<I, R>[];
  /**
   * Calls sent and the items they carried, and the batches the database rolled back (whose items
   * then ran alone: a deadlock between batches would show here), for the benchmark and the tests.
   */
  readonly sent = { calls: 0, items: 0, rolledBack: 0 };
  private readonly watchers = new Set<(items: number) => void>();

  constructor(private readonly options: CallBatcherOptions<I, R>) {
    const shared: Waiting<I, R>[] = [];
    this.lanes = Array.from({ length: options.lanes }, () => ({
      waiting: options.keyOf ? [] : shared,
      busy: false,
      due: false,
    }));
  }

  /** Items waiting for a lane's next call. */
  get queued(): number {
    return [...new Set(this.lanes.map((lane) => lane.waiting))].reduce((sum, queue) => sum + queue.length, 0);
  }

  /** Hears the size of every call sent (the metrics' batch sizes); returns its removal. */
  watch(listener: (items: number) => void): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }

  run(item: I): Promise<R> {
    const lane = this.laneFor(item);
    return new Promise<R>((resolve, reject) => {
      lane.waiting.push({ item, resolve, reject });
      this.pumpThisTurn(lane);
    });
  }

  private laneFor(item: I): Lane<I, R> {
    const { keyOf } = this.options;
    if (keyOf) return this.lanes[laneIndex(keyOf(item), this.lanes.length)] as Lane<I, R>;
    return this.lanes.find((lane) => !lane.busy) ?? (this.lanes[0] as Lane<I, R>);
  }

  /**
   * A lane leaves at the end of the event loop's current turn (setImmediate): what became ready in
   * that turn — the requests read from every socket that had data, the callers a returning batch
   * woke — leaves in one call, where the first used to leave alone and the rest a round trip later.
   * No timer: a lone item waits only for the turn it arrived in to end.
   */
  private pumpThisTurn(lane: Lane<I, R>): void {
    if (lane.due) return;
    lane.due = true;
    setImmediate(() => {
      lane.due = false;
      this.pump(lane);
    });
  }

  private pump(lane: Lane<I, R>): void {
    if (lane.busy || lane.waiting.length === 0) return;
    const batch = lane.waiting.splice(0, this.options.maxBatch);
    lane.busy = true;
    void this.send(batch).finally(() => {
      lane.busy = false;
      this.pumpThisTurn(lane);
    });
    // More than one call's worth waits in the shared queue: a free lane takes the next call now.
    if (!this.options.keyOf && lane.waiting.length > 0) {
      const free = this.lanes.find((other) => !other.busy);
      if (free) this.pump(free);
    }
  }

  private async send(batch: Waiting<I, R>[]): Promise<void> {
    this.sent.calls += 1;
    this.sent.items += batch.length;
    for (const listener of this.watchers) {
      try {
        listener(batch.length);
      } catch {
        // A watcher's fault must not leave the batch's callers waiting forever.
      }
    }
    if (batch.length === 1) return settle(batch[0] as Waiting<I, R>, this.options.runOne);
    let results: R[];
    try {
      results = await this.options.runMany(batch.map((w) => w.item));
    } catch (error) {
      // The database answered with an error, so the call's transaction did not commit: each item
      // runs again alone, and one bad item cannot fail the others. Without an answer (a lost
      // connection) nobody knows whether it committed: every caller gets the error.
      if (!wasRolledBack(error)) for (const w of batch) w.reject(error);
      else {
        this.sent.rolledBack += 1;
        await Promise.all(
          [...byKey(batch, this.options.keyOf)].map((own) => settleInOrder(own, this.options.runOne)),
        );
      }
      return;
    }
    for (const [i, w] of batch.entries()) w.resolve(results[i] as R);
  }
}

// FNV-1a: a cheap, even spread of keys over the lanes.
function laneIndex(key: string, lanes: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % lanes;
}

/**
 * One key's items stay in arrival order, as they would have in the call that rolled back; items
 * without a key have no order to keep and run at once, each alone.
 */
function byKey<I, R>(batch: Waiting<I, R>[], keyOf?: (item: I) => string): Iterable<Waiting<I, R>[]> {
  if (!keyOf) return batch.map((w) => [w]);
  const groups = new Map<string, Waiting<I, R>[]>();
  for (const w of batch) {
    const key = keyOf(w.item);
    groups.set(key, [...(groups.get(key) ?? []), w]);
  }
  return groups.values();
}

async function settleInOrder<I, R>(own: Waiting<I, R>[], runOne: (item: I) => Promise<R>): Promise<void> {
  for (const w of own) await settle(w, runOne);
}

async function settle<I, R>(w: Waiting<I, R>, runOne: (item: I) => Promise<R>): Promise<void> {
  try {
    w.resolve(await runOne(w.item));
  } catch (error) {
    w.reject(error);
  }
}

// An error with a SQLSTATE is the server's answer to the statement, which therefore did not
// commit — except a connection failure (class 08) or the server stopping (57P), which can
// arrive after a commit.
export function wasRolledBack(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !/^(08|57P)/.test(code);
}

/** One value per key object (a database handle), made on first use: every request of a process shares it. */
export function onePer<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const made = new WeakMap<K, V>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = make(key);
      made.set(key, value);
    }
    return value;
  };
}
