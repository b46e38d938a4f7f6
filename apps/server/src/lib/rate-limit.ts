import { AppError } from '@kreyolcash/domain';
import { Redis } from 'ioredis';

// Fixed-window counters: the first hit of a key opens a window of `windowMs`; every hit in it
// counts; past `limit` hits are refused until the window ends. Coarse at the window's edges, but
// one counter per key is all Redis has to keep, and it is enough to stop guessing.
export type RateRule = { limit: number; windowMs: number };
export type RateDecision = { allowed: boolean; remaining: number; retryAfterMs: number };
export type RateLimiter = {
  hit(key: string, rule: RateRule): Promise<RateDecision>;
  close(): Promise<void>;
};

// What a failing Redis reports through: the app's pino logger fits.
export type ErrorLogger = { error(details: object, message: string): void };

const REDIS_KEY_PREFIX = 'kc:rl:';
// A login must not wait on a sick Redis for long: past this, the hit is counted locally.
const REDIS_COMMAND_TIMEOUT_MS = 500;
const SWEEP_INTERVAL_MS = 60_000;
const ERROR_LOG_INTERVAL_MS = 30_000;

/** Throws rate_limited (429) with `retry_after_s` once the key is past the rule's limit. */
export async function assertWithinLimit(limiter: RateLimiter, key: string, rule: RateRule): Promise<void> {
  const decision = await limiter.hit(key, rule);
  if (decision.allowed) return;
  const retry_after_s = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
  throw new AppError('rate_limited', { message: 'too many attempts', details: { retry_after_s } });
}

/** Redis when a URL is configured (counts shared by every API process), else this process's memory. */
export function rateLimiterFor(config: { redisUrl?: string | undefined }, logger?: ErrorLogger): RateLimiter {
  return config.redisUrl ? redisRateLimiter(config.redisUrl, { logger }) : memoryRateLimiter();
}

/** Counters in a Map, for one process. Expired windows are swept as hits arrive, so the Map holds
 * at most the keys seen within the longest window (plus one sweep interval). */
export function memoryRateLimiter(options: { now?: () => number } = {}): RateLimiter & { size(): number } {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; endsAt: number }>();
  let nextSweepAt = 0;

  function sweep(at: number): void {
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
    nextSweepAt = at + SWEEP_INTERVAL_MS;
  }

  return {
    async hit(key, rule) {
      const at = now();
      if (at >= nextSweepAt) sweep(at);
      let window = windows.get(key);
      if (!window || window.endsAt <= at) {
        window = { count: 0, endsAt: at + rule.windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return decide(window.count, window.endsAt - at, rule);
    },
    async close() {
      windows.clear();
    },
    size: () => windows.size,
  };
}

// One round trip and atomic: INCR, and the expiry set when the key has none (it was just
// created, or — defensively — it somehow lost its TTL and would otherwise block forever).
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }`;

type RedisWithHit = Redis & { kcRateLimitHit(key: string, windowMs: number): Promise<[number, number]> };

/**
 * Counters in Redis under `kc:rl:<key>`, shared by every API process.
 *
 * When Redis fails, hits fail OPEN to this process's own memory counters, with an error log.
 * Failing closed would refuse every login and every code while Redis is down — an outage of the
 * whole app caused by its least important part. Counting locally instead keeps the limits in force
 * per process (looser by the number of processes) until Redis is back, so guessing stays slow.
 */
export function redisRateLimiter(
  url: string,
  options: { logger?: ErrorLogger | undefined; commandTimeoutMs?: number; keyPrefix?: string } = {},
): RateLimiter {
  // Tests give each app its own prefix, so parallel test files never share a counter.
  const prefix = options.keyPrefix ?? REDIS_KEY_PREFIX;
  const redis = new Redis(url, {
    commandTimeout: options.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
  }) as RedisWithHit;
  redis.defineCommand('kcRateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  const logError = throttledErrorLog(options.logger ?? consoleErrorLogger);
  // Without a listener ioredis prints every reconnection failure; this logs them, throttled.
  redis.on('error', (error: Error) => logError(error, 'redis connection error'));
  const fallback = memoryRateLimiter();

  return {
    async hit(key, rule) {
      try {
        const [count, ttlMs] = await redis.kcRateLimitHit(prefix + key, rule.windowMs);
        return decide(count, ttlMs, rule);
      } catch (error) {
        logError(error, 'rate limiter: redis unavailable, counting in this process');
        return fallback.hit(key, rule);
      }
    },
    async close() {
      await fallback.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

function decide(count: number, windowLeftMs: number, rule: RateRule): RateDecision {
  const allowed = count <= rule.limit;
  return {
    allowed,
    remaining: Math.max(0, rule.limit - count),
    retryAfterMs: allowed ? 0 : Math.max(1, windowLeftMs),
  };
}

// During an outage every request fails the same way: one line per interval says so, with a count.
function throttledErrorLog(logger: ErrorLogger): (error: unknown, message: string) => void {
  let lastLoggedAt = Number.NEGATIVE_INFINITY;
  let suppressed = 0;
  return (error, message) => {
    const at = Date.now();
    if (at - lastLoggedAt < ERROR_LOG_INTERVAL_MS) {
      suppressed += 1;
      return;
    }
    logger.error({ err: error, suppressed }, message);
    lastLoggedAt = at;
    suppressed = 0;
  };
}

// An outage must never be silent, even when the caller passed no logger.
const consoleErrorLogger: ErrorLogger = {
  error: (details, message) => console.error(message, details),
};
