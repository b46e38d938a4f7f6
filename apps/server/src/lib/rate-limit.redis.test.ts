import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RateLimiter, redisRateLimiter } from './rate-limit.ts';

// Runs against a real Redis only when TEST_REDIS_URL is set (npm run test:pg sets it). Every key
// carries this run's id, so parallel runs on one Redis never share a counter.
const url = process.env.TEST_REDIS_URL;
const run = randomUUID();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(url)('redisRateLimiter on a real Redis', () => {
  let limiter: RateLimiter;
  let otherProcess: RateLimiter;
  let redis: Redis;
  const logged: unknown[] = [];
  const logger = { error: (details: object) => logged.push(details) };
  const key = (name: string) => `test:${run}:${name}`;

  beforeAll(() => {
    limiter = redisRateLimiter(url ?? '', { logger });
    otherProcess = redisRateLimiter(url ?? '', { logger });
    redis = new Redis(url ?? '');
  });
  afterAll(async () => {
    const keys = await redis.keys(`kc:rl:test:${run}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await Promise.all([limiter.close(), otherProcess.close(), redis.quit()]);
    // Every assertion above must have come from Redis, not from the in-process fallback.
    expect(logged).toEqual([]);
  });

  it('allows `limit` hits, then refuses with the time left in the window', async () => {
    const rule = { limit: 2, windowMs: 10_000 };
    const decisions = [];
    for (let i = 0; i < 3; i += 1) decisions.push(await limiter.hit(key('limit'), rule));
    expect(decisions.map((d) => [d.allowed, d.remaining])).toEqual([
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(decisions[2]?.retryAfterMs).toBeGreaterThan(0);
    expect(decisions[2]?.retryAfterMs).toBeLessThanOrEqual(rule.windowMs);
  });

  it('allows again once the window has ended', async () => {
    // Redis keeps the window's time, so it is waited for: long enough that the second hit lands
    // inside it on a busy machine, and then exactly as long as the refusal says.
    const rule = { limit: 1, windowMs: 2_000 };
    await limiter.hit(key('window'), rule);
    const refused = await limiter.hit(key('window'), rule);
    expect(refused.allowed).toBe(false);
    await sleep(refused.retryAfterMs + 20);
    expect(await limiter.hit(key('window'), rule)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('shares one count between two limiters, as between two API processes', async () => {
    const rule = { limit: 3, windowMs: 10_000 };
    await limiter.hit(key('shared'), rule);
    await otherProcess.hit(key('shared'), rule);
    await limiter.hit(key('shared'), rule);
    expect((await otherProcess.hit(key('shared'), rule)).allowed).toBe(false);
  });

  it('lets exactly `limit` of many simultaneous hits through', async () => {
    const rule = { limit: 5, windowMs: 10_000 };
    const decisions = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? limiter : otherProcess).hit(key('burst'), rule)),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
  });

  it('stores each counter under kc:rl: with an expiry, so Redis never keeps it forever', async () => {
    await limiter.hit(key('ttl'), { limit: 5, windowMs: 10_000 });
    expect(await redis.get(`kc:rl:${key('ttl')}`)).toBe('1');
    const ttlMs = await redis.pttl(`kc:rl:${key('ttl')}`);
    expect(ttlMs).toBeGreaterThan(0);
    expect(ttlMs).toBeLessThanOrEqual(10_000);
  });

  it('repairs a counter that lost its expiry instead of blocking its key for ever', async () => {
    await redis.set(`kc:rl:${key('stuck')}`, '99');
    const decision = await limiter.hit(key('stuck'), { limit: 5, windowMs: 1_000 });
    expect(decision.allowed).toBe(false);
    expect(await redis.pttl(`kc:rl:${key('stuck')}`)).toBeGreaterThan(0);
  });
});
