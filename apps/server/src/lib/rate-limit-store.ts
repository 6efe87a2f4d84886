import type { Redis } from 'ioredis';

export type Counter = { count: number; ttlSeconds: number };

/**
 * Counters shared by every check of one kind (sign-in, unlock). A window is fixed from the
 * first hit, or, `sliding`, renewed by every hit (the count ends a window after the last one).
 */
export interface CounterStore {
  increment(key: string, windowSeconds: number, sliding?: boolean): Promise<Counter>;
  get(key: string): Promise<Counter>;
  /** Sets the key to a count of 1 that lasts exactly `seconds` from now (a wait). */
  hold(key: string, seconds: number): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Per-process counters: right for one instance; several instances share Redis instead. */
export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async increment(key: string, windowSeconds: number, sliding = false): Promise<Counter> {
    const now = this.now();
    this.sweep(now);
    let entry = this.counters.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.counters.set(key, entry);
    }
    entry.count += 1;
    if (sliding) entry.resetAt = now + windowSeconds * 1000;
    return { count: entry.count, ttlSeconds: Math.ceil((entry.resetAt - now) / 1000) };
  }

  async get(key: string): Promise<Counter> {
    const now = this.now();
    const entry = this.counters.get(key);
    if (!entry || entry.resetAt <= now) return { count: 0, ttlSeconds: 0 };
    return { count: entry.count, ttlSeconds: Math.ceil((entry.resetAt - now) / 1000) };
  }

  async hold(key: string, seconds: number): Promise<void> {
    const now = this.now();
    this.sweep(now);
    this.counters.set(key, { count: 1, resetAt: now + seconds * 1000 });
  }

  async reset(key: string): Promise<void> {
    this.counters.delete(key);
  }

  async close(): Promise<void> {
    this.counters.clear();
  }

  /** Keeps memory bounded under a flood of distinct keys (many IPs or usernames). */
  private sweep(now: number) {
    if (this.counters.size < 10_000) return;
    for (const [key, entry] of this.counters) if (entry.resetAt <= now) this.counters.delete(key);
  }
}

/** INCR + EXPIRE on Redis, so every instance behind a load balancer sees the same counts. */
export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'gatehouse:rl:',
  ) {}

  async increment(key: string, windowSeconds: number, sliding = false): Promise<Counter> {
    const k = this.prefix + key;
    const count = await this.redis.incr(k);
    let ttl = await this.redis.ttl(k);
    // The first hit opens the window; a key left without expiry (a crash between the two
    // calls) is repaired here rather than counting forever.
    if (sliding || count === 1 || ttl < 0) {
      await this.redis.expire(k, windowSeconds);
      ttl = windowSeconds;
    }
    return { count, ttlSeconds: ttl };
  }

  async get(key: string): Promise<Counter> {
    const k = this.prefix + key;
    const [count, ttl] = await Promise.all([this.redis.get(k), this.redis.ttl(k)]);
    return { count: count === null ? 0 : Number(count), ttlSeconds: Math.max(ttl, 0) };
  }

  async hold(key: string, seconds: number): Promise<void> {
    await this.redis.set(this.prefix + key, '1', 'EX', Math.max(1, Math.ceil(seconds)));
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
