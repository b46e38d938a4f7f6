import { describe, expect, it } from 'vitest';
import { CallBatcher, wasRolledBack } from './call-batcher.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

// The end of the event loop's turn, when a lane sends what arrived in it.
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

function sqlError(code: string) {
  return Object.assign(new Error(`sqlstate ${code}`), { code });
}

describe('CallBatcher', () => {
  it('sends a lone item at the end of its turn, then what arrived meanwhile as one call, answers in order', async () => {
    const first = deferred<string>();
    const calls: string[][] = [];
    const batcher = new CallBatcher<string, string>({
      lanes: 1,
      keyOf: () => 'one',
      maxBatch: 10,
      runOne: (item) => (item === 'a' ? first.promise : Promise.resolve(`one:${item}`)),
      runMany: async (items) => {
        calls.push(items);
        return items.map((item) => `many:${item}`);
      },
    });
    const a = batcher.run('a');
    await nextTurn();
    const answers = [a, batcher.run('b'), batcher.run('c'), batcher.run('d')];
    await nextTurn();
    expect(calls).toEqual([]); // b, c, d wait for the slot
    first.resolve('one:a');
    expect(await Promise.all(answers)).toEqual(['one:a', 'many:b', 'many:c', 'many:d']);
    expect(calls).toEqual([['b', 'c', 'd']]);
    expect(batcher.sent).toEqual({ calls: 2, items: 4, rolledBack: 0 });
  });

  it('never sends more than maxBatch items in one call', async () => {
    const first = deferred<number>();
    const sizes: number[] = [];
    const batcher = new CallBatcher<number, number>({
      lanes: 1,
      keyOf: () => 'one',
      maxBatch: 3,
      runOne: (item) => (item === 0 ? first.promise : Promise.resolve(item)),
      runMany: async (items) => {
        sizes.push(items.length);
        return items;
      },
    });
    const zero = batcher.run(0);
    await nextTurn();
    const answers = [zero, ...Array.from({ length: 7 }, (_, i) => batcher.run(i + 1))];
    first.resolve(0);
    expect(await Promise.all(answers)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(sizes).toEqual([3, 3]); // and the last one alone
  });

  it('sends what arrives in one turn as one call, and a lone item alone, without a timer', async () => {
    const calls: string[][] = [];
    const batcher = new CallBatcher<string, string>({
      lanes: 1,
      keyOf: () => 'one',
      maxBatch: 10,
      runOne: async (item) => {
        calls.push([item]);
        return `one:${item}`;
      },
      runMany: async (items) => {
        calls.push(items);
        return items.map((item) => `many:${item}`);
      },
    });
    // The callers a returning batch wakes each ask in a microtask of the same turn.
    const woken = await Promise.all(
      ['a', 'b', 'c'].map((item) => Promise.resolve().then(() => batcher.run(item))),
    );
    expect(woken).toEqual(['many:a', 'many:b', 'many:c']);
    expect(await batcher.run('d')).toBe('one:d');
    expect(calls).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('runs each item alone when the database rolled the batch back; one bad item fails alone', async () => {
    const first = deferred<string>();
    const alone: string[] = [];
    const batcher = new CallBatcher<string, string>({
      lanes: 1,
      keyOf: () => 'one',
      maxBatch: 10,
      runOne: async (item) => {
        if (item === 'a') return first.promise;
        alone.push(item);
        if (item === 'bad') throw sqlError('23514');
        return `one:${item}`;
      },
      runMany: () => Promise.reject(sqlError('40P01')),
    });
    const a = batcher.run('a');
    await nextTurn();
    const rest = [batcher.run('b'), batcher.run('bad'), batcher.run('c')].map((p) =>
      p.then(
        (value) => ({ value }),
        (error: { code: string }) => ({ error: error.code }),
      ),
    );
    first.resolve('one:a');
    await a;
    expect(await Promise.all(rest)).toEqual([{ value: 'one:b' }, { error: '23514' }, { value: 'one:c' }]);
    expect(alone.sort()).toEqual(['b', 'bad', 'c']);
    expect(batcher.sent.rolledBack).toBe(1);
  });

  it('runs one key’s items again one after the other, in arrival order; other keys meanwhile', async () => {
    const first = deferred<string>();
    const trace: string[] = [];
    const batcher = new CallBatcher<string, string>({
      lanes: 1,
      keyOf: (item) => item.charAt(0),
      maxBatch: 10,
      runOne: async (item) => {
        if (item === 'x0') return first.promise;
        trace.push(`start ${item}`);
        await new Promise((resolve) => setTimeout(resolve, 1));
        trace.push(`end ${item}`);
        return item;
      },
      runMany: () => Promise.reject(sqlError('40001')),
    });
    const x0 = batcher.run('x0');
    await nextTurn();
    const rest = ['p1', 'q1', 'p2', 'p3', 'q2'].map((item) => batcher.run(item));
    first.resolve('x0');
    await x0;
    expect(await Promise.all(rest)).toEqual(['p1', 'q1', 'p2', 'p3', 'q2']);
    const of = (key: string) => trace.filter((step) => step.includes(key));
    expect(of('p')).toEqual(['start p1', 'end p1', 'start p2', 'end p2', 'start p3', 'end p3']);
    expect(of('q')).toEqual(['start q1', 'end q1', 'start q2', 'end q2']);
    expect(trace.indexOf('start q1')).toBeLessThan(trace.indexOf('end p1'));
  });

  it('gives every caller the error when the outcome is unknown (connection lost), running nothing again', async () => {
    const first = deferred<string>();
    let alone = 0;
    const lost = new Error('Connection terminated unexpectedly');
    const batcher = new CallBatcher<string, string>({
      lanes: 1,
      keyOf: () => 'one',
      maxBatch: 10,
      runOne: (item) => {
        if (item === 'a') return first.promise;
        alone += 1;
        return Promise.resolve(item);
      },
      runMany: () => Promise.reject(lost),
    });
    const a = batcher.run('a');
    await nextTurn();
    const rest = [batcher.run('b'), batcher.run('c')].map((p) => p.catch((error: unknown) => error));
    first.resolve('a');
    await a;
    expect(await Promise.all(rest)).toEqual([lost, lost]);
    expect(alone).toBe(0);
  });
});

describe('CallBatcher lanes', () => {
  it('keeps one key in one lane and lets other lanes call meanwhile', async () => {
    const held = deferred<string>();
    const started: string[] = [];
    const batcher = new CallBatcher<string, string>({
      lanes: 8,
      keyOf: (item) => item.split(':')[0] as string,
      maxBatch: 10,
      runOne: (item) => {
        started.push(item);
        return item === 'a:1' ? held.promise : Promise.resolve(item);
      },
      runMany: async (items) => {
        started.push(items.join('+'));
        return items;
      },
    });
    const a1 = batcher.run('a:1');
    await nextTurn();
    const a2 = batcher.run('a:2'); // same key: waits for a:1
    const others = ['b', 'c', 'd', 'e'].map((key) => batcher.run(`${key}:1`));
    await nextTurn();
    expect(started).not.toContain('a:2');
    expect(started.filter((s) => !s.startsWith('a')).length).toBeGreaterThan(0);
    held.resolve('a:1');
    expect(await Promise.all([a1, a2, ...others])).toEqual(['a:1', 'a:2', 'b:1', 'c:1', 'd:1', 'e:1']);
    expect(started.indexOf('a:2')).toBeGreaterThan(started.indexOf('a:1'));
  });

  it('without keys, sends from one queue through whichever lane is free, and splits a long queue over free lanes', async () => {
    const held: ReturnType<typeof deferred<string[]>>[] = [];
    const calls: string[][] = [];
    const batcher = new CallBatcher<string, string>({
      lanes: 2,
      maxBatch: 3,
      runOne: async (item) => {
        calls.push([item]);
        return item;
      },
      runMany: (items) => {
        calls.push(items);
        const call = deferred<string[]>();
        held.push(call);
        return call.promise;
      },
    });
    // Seven arrive in one turn: both lanes take a call of three; the seventh waits for a lane.
    const first = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((item) => batcher.run(item));
    await nextTurn();
    expect(calls).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
    ]);
    expect(batcher.queued).toBe(1);
    // The second lane answers first: it takes the seventh and what came meanwhile, while the first is still out.
    const later = ['h', 'i'].map((item) => batcher.run(item));
    held[1]?.resolve(['d', 'e', 'f']);
    await nextTurn();
    await nextTurn();
    expect(calls[2]).toEqual(['g', 'h', 'i']);
    held[0]?.resolve(['a', 'b', 'c']);
    held[2]?.resolve(['g', 'h', 'i']);
    expect(await Promise.all([...first, ...later])).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']);
    expect(batcher.queued).toBe(0);
  });

  it('without keys, runs each item of a rolled-back call alone', async () => {
    const batcher = new CallBatcher<string, string>({
      lanes: 2,
      maxBatch: 10,
      runOne: async (item) => {
        if (item === 'bad') throw sqlError('22003');
        return `one:${item}`;
      },
      runMany: async () => {
        throw sqlError('22003');
      },
    });
    const answers = ['a', 'bad', 'b'].map((item) => batcher.run(item).catch((e: Error) => e.message));
    expect(await Promise.all(answers)).toEqual(['one:a', 'sqlstate 22003', 'one:b']);
    expect(batcher.sent.rolledBack).toBe(1);
  });
});

describe('wasRolledBack', () => {
  it('is true for a statement error and false for a lost connection or a stopping server', () => {
    expect(wasRolledBack(sqlError('40P01'))).toBe(true);
    expect(wasRolledBack(sqlError('23505'))).toBe(true);
    expect(wasRolledBack(sqlError('08006'))).toBe(false);
    expect(wasRolledBack(sqlError('57P01'))).toBe(false);
    expect(wasRolledBack(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(wasRolledBack(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe(false);
  });
});
