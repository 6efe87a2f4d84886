import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { LoginRateLimit } from '../config.ts';
import { rateLimited } from '../lib/errors.ts';
import { type CounterStore, MemoryCounterStore, RedisCounterStore } from '../lib/rate-limit-store.ts';

/**
 * Sign-in throttling per account and per IP. Only failures count, so a user who signs in
 * correctly is never locked out by their own successes, while guessing from one IP or at
 * one account stops after the limit until the window ends. A success clears the account's
 * counter but not the IP's, so an attacker cannot reset the IP budget with an account of
 * their own.
 */
export class LoginLimiter {
  constructor(
    private readonly store: CounterStore,
    readonly limits: LoginRateLimit,
  ) {}

  private keys(account: string, ip: string) {
    return { account: `acct:${account.toLowerCase()}`, ip: `ip:${ip}` };
  }

  /** Throws 429 with Retry-After when either budget is spent. */
  async check(account: string, ip: string): Promise<void> {
    const keys = this.keys(account, ip);
    const [acct, addr] = await Promise.all([this.store.get(keys.account), this.store.get(keys.ip)]);
    const waits: number[] = [];
    if (acct.count >= this.limits.perAccount) waits.push(acct.ttlSeconds);
    if (addr.count >= this.limits.perIp) waits.push(addr.ttlSeconds);
    if (waits.length > 0) throw rateLimited(Math.max(...waits));
  }

  async recordFailure(account: string, ip: string): Promise<void> {
    const keys = this.keys(account, ip);
    await Promise.all([
      this.store.increment(keys.account, this.limits.windowSeconds),
      this.store.increment(keys.ip, this.limits.windowSeconds),
    ]);
  }

  async recordSuccess(account: string, ip: string): Promise<void> {
    await this.store.reset(this.keys(account, ip).account);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    loginLimiter: LoginLimiter;
  }
}

export type RateLimitOptions = {
  limits: LoginRateLimit;
  redisUrl?: string | undefined;
  store?: CounterStore;
};

async function rateLimit(app: FastifyInstance, opts: RateLimitOptions) {
  const store =
    opts.store ??
    (opts.redisUrl
      ? new RedisCounterStore(new Redis(opts.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }))
      : new MemoryCounterStore());
  app.decorate('loginLimiter', new LoginLimiter(store, opts.limits));
  app.addHook('onClose', async () => {
    await store.close();
  });
}

export default fp(rateLimit, { name: 'rate-limit' });
