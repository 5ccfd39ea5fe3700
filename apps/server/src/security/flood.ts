import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "../db/database";
import { MINUTE_MS, take } from "./budget";

/**
 * A limit on how often one caller may make calls that write rows for anyone who asks (a getKey
 * sign, a guest session, a tracking event): a flood from one address fills no table. Fixed
 * one-minute windows. Every process of a deployment holds the same count (decision 0031), so N
 * processes let through the documented figure, not N times it: in Redis when REDIS_URL is set, else
 * in the database's budget rows (PostgreSQL), else in memory (the embedded database: one process).
 */
export interface FloodGuard {
  /** Whether `key` may make one more call this minute, at most `perMinute`; counts it if so. */
  allow(key: string, perMinute: number): Promise<boolean>;
}

/** In this process's memory: for the embedded database, which only one process can open. */
export class MemoryFlood implements FloodGuard {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly now: () => number) {}

  allow(key: string, perMinute: number): Promise<boolean> {
    const now = this.now();
    const start = Math.floor(now / MINUTE_MS) * MINUTE_MS;
    const window = this.windows.get(key);
    if (window?.start !== start) {
      // Forget ended windows now and then, so the map holds only this minute's callers.
      if (this.windows.size >= 10_000) {
        for (const [k, w] of this.windows) if (w.start !== start) this.windows.delete(k);
      }
      this.windows.set(key, { start, count: 1 });
      return Promise.resolve(true);
    }
    if (window.count >= perMinute) return Promise.resolve(false);
    window.count += 1;
    return Promise.resolve(true);
  }
}

/** In the database's budget rows (`rate_counters`, one per caller and minute; pruned daily). */
export class DatabaseFlood implements FloodGuard {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async allow(key: string, perMinute: number): Promise<boolean> {
    return (
      (await take(this.db, `flood:${key}`, [{ windowMs: MINUTE_MS, limit: perMinute }], this.now())) === null
    );
  }
}

/**
 * In Redis (rate-limiter-flexible): one atomic count per caller and minute for every process. If
 * Redis does not answer, each process counts in memory meanwhile (the limiter's insurance), so an
 * outage of Redis loosens the limit to N times, never refuses everyone.
 */
export class RedisFlood implements FloodGuard {
  private readonly limiters = new Map<number, RateLimiterRedis>();

  constructor(private readonly redis: Redis) {}

  async allow(key: string, perMinute: number): Promise<boolean> {
    let limiter = this.limiters.get(perMinute);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: `flood:${String(perMinute)}`,
        points: perMinute,
        duration: 60,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ points: perMinute, duration: 60 }),
      });
      this.limiters.set(perMinute, limiter);
    }
    try {
      await limiter.consume(key);
      return true;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return false;
      throw refusal;
    }
  }
}
