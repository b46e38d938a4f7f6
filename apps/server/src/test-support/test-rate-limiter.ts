import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { memoryRateLimiter, type RateLimiter, redisRateLimiter } from '../lib/rate-limit.ts';

/**
 * The limiter production would use: a real Redis when TEST_REDIS_URL is set (npm run test:pg),
 * else this process's memory. Each call gets its own key prefix, so parallel test files never
 * share a counter; closing it deletes its keys.
 */
export function testRateLimiter(): RateLimiter {
  const url = process.env.TEST_REDIS_URL;
  if (!url) return memoryRateLimiter();
  const keyPrefix = `kc:rl:test:${randomUUID()}:`;
  const errors: unknown[] = [];
  const limiter = redisRateLimiter(url, { keyPrefix, logger: { error: (details) => errors.push(details) } });
  return {
    hit: (key, rule) => limiter.hit(key, rule),
    async close() {
      const redis = new Redis(url);
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await Promise.all([limiter.close(), redis.quit()]);
      // A test meant for Redis must not pass on the in-process fallback.
      if (errors.length > 0)
        throw new Error(`the rate limiter fell back from Redis: ${JSON.stringify(errors)}`);
    },
  };
}
