import { AppError } from '@kreyolcash/domain';
import { describe, expect, it } from 'vitest';
import { assertWithinLimit, memoryRateLimiter, type RateLimiter, redisRateLimiter } from './rate-limit.ts';

async function hits(limiter: RateLimiter, key: string, rule: { limit: number; windowMs: number }, n: number) {
  const decisions = [];
  for (let i = 0; i < n; i += 1) decisions.push(await limiter.hit(key, rule));
  return decisions;
}

describe('memoryRateLimiter', () => {
  const rule = { limit: 3, windowMs: 50 };
  // The limiter's own clock, moved by the tests: a busy machine's pauses never end a window early.
  let now = 0;
  const clocked = () => memoryRateLimiter({ now: () => now });

  it('allows the first `limit` hits of a window, counting down what remains', async () => {
    const decisions = await hits(clocked(), 'login:a@b.ht', rule, 3);
    expect(decisions.map((d) => [d.allowed, d.remaining, d.retryAfterMs])).toEqual([
      [true, 2, 0],
      [true, 1, 0],
      [true, 0, 0],
    ]);
  });

  it('refuses the hit past the limit, saying how long to wait for the window to end', async () => {
    const [, , , refused] = await hits(clocked(), 'k', rule, 4);
    expect(refused?.allowed).toBe(false);
    expect(refused?.remaining).toBe(0);
    expect(refused?.retryAfterMs).toBeGreaterThan(0);
    expect(refused?.retryAfterMs).toBeLessThanOrEqual(rule.windowMs);
  });

  it('allows again once the window has ended', async () => {
    const limiter = clocked();
    await hits(limiter, 'k', rule, 4);
    now += rule.windowMs + 20;
    expect(await limiter.hit('k', rule)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('counts each key on its own', async () => {
    const limiter = clocked();
    await hits(limiter, 'ip:1', rule, 4);
    expect((await limiter.hit('ip:2', rule)).allowed).toBe(true);
  });

  it('lets exactly `limit` of many simultaneous hits through', async () => {
    const limiter = memoryRateLimiter();
    const decisions = await Promise.all(
      Array.from({ length: 20 }, () => limiter.hit('k', { limit: 5, windowMs: 1000 })),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
  });

  it('forgets expired windows, so a flood of distinct keys cannot grow memory without bound', async () => {
    now = 0;
    const limiter = clocked();
    for (let i = 0; i < 1000; i += 1) await limiter.hit(`ip:${i}`, { limit: 1, windowMs: 1000 });
    expect(limiter.size()).toBe(1000);
    now = 120_000;
    await limiter.hit('ip:new', { limit: 1, windowMs: 1000 });
    expect(limiter.size()).toBe(1);
  });
});

describe('assertWithinLimit', () => {
  it('passes within the limit and then throws rate_limited (429) with retry_after_s', async () => {
    const limiter = memoryRateLimiter();
    const rule = { limit: 1, windowMs: 90_000 };
    await assertWithinLimit(limiter, 'k', rule);
    const failure = await assertWithinLimit(limiter, 'k', rule).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'rate_limited', status: 429, details: { retry_after_s: 90 } });
  });

  it('never tells the client to retry after 0 seconds', async () => {
    const limiter = memoryRateLimiter();
    const rule = { limit: 0, windowMs: 10 };
    await expect(assertWithinLimit(limiter, 'k', rule)).rejects.toMatchObject({
      details: { retry_after_s: 1 },
    });
  });
});

describe('redisRateLimiter when Redis cannot be reached', () => {
  it('fails open to counting in this process, logs the error, and keeps the limit', async () => {
    const logged: string[] = [];
    // Port 1 on loopback: nothing listens, so every command fails.
    const limiter = redisRateLimiter('redis://127.0.0.1:1', {
      logger: { error: (_details, message) => logged.push(message) },
      commandTimeoutMs: 200,
    });
    try {
      const startedAt = performance.now();
      const decisions = await hits(limiter, 'login:a@b.ht', { limit: 2, windowMs: 60_000 }, 3);
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, false]);
      expect(performance.now() - startedAt).toBeLessThan(3_000);
      expect(logged.length).toBeGreaterThanOrEqual(1);
    } finally {
      await limiter.close();
    }
  });
});
