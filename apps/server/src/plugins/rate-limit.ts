import {
  SECOND_FACTOR_ATTEMPTS_PER_ACCOUNT,
  SECOND_FACTOR_ATTEMPTS_PER_CHALLENGE,
  SECOND_FACTOR_CHALLENGE_SECONDS,
} from '@gatehouse/contract';
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

  /**
   * Second-factor codes have budgets of their own, kept apart from the password's: one per
   * challenge and one per account that a right password does not refill (else a password
   * holder could sign in again for fresh guesses). A wrong code also spends the IP budget.
   */
  async checkSecondFactor(userId: string, challengeId?: string): Promise<void> {
    const [acct, challenge] = await Promise.all([
      this.store.get(`2fa:acct:${userId}`),
      challengeId
        ? this.store.get(`2fa:challenge:${challengeId}`)
        : Promise.resolve({ count: 0, ttlSeconds: 0 }),
    ]);
    const waits: number[] = [];
    if (acct.count >= SECOND_FACTOR_ATTEMPTS_PER_ACCOUNT) waits.push(acct.ttlSeconds);
    if (challenge.count >= SECOND_FACTOR_ATTEMPTS_PER_CHALLENGE) waits.push(challenge.ttlSeconds);
    if (waits.length > 0) throw rateLimited(Math.max(...waits));
  }

  async recordSecondFactorFailure(userId: string, ip: string, challengeId?: string): Promise<void> {
    await Promise.all([
      this.store.increment(`2fa:acct:${userId}`, this.limits.windowSeconds),
      this.store.increment(`ip:${ip}`, this.limits.windowSeconds),
      challengeId
        ? this.store.increment(`2fa:challenge:${challengeId}`, SECOND_FACTOR_CHALLENGE_SECONDS)
        : undefined,
    ]);
  }

  async recordSecondFactorSuccess(userId: string): Promise<void> {
    await this.store.reset(`2fa:acct:${userId}`);
  }

  /** True the first time only, for the life of a challenge: a challenge signs in once. */
  async spendChallenge(challengeId: string): Promise<boolean> {
    const spent = await this.store.increment(`2fa:spent:${challengeId}`, SECOND_FACTOR_CHALLENGE_SECONDS);
    return spent.count === 1;
  }
}

/**
 * A budget of requests per account identifier and per IP, where every request counts (the
 * password reset requests of /forget): a spent budget is a 429 until the window ends. The
 * identifier counts whether or not an account has it, so the answer tells nothing about it.
 */
export class RequestLimiter {
  constructor(
    private readonly store: CounterStore,
    private readonly prefix: string,
    readonly limits: LoginRateLimit,
  ) {}

  /** Counts the request, and throws 429 with Retry-After when it is over either budget. */
  async take(account: string, ip: string): Promise<void> {
    const [acct, addr] = await Promise.all([
      this.store.increment(`${this.prefix}:acct:${account.toLowerCase()}`, this.limits.windowSeconds),
      this.store.increment(`${this.prefix}:ip:${ip}`, this.limits.windowSeconds),
    ]);
    const waits: number[] = [];
    if (acct.count > this.limits.perAccount) waits.push(acct.ttlSeconds);
    if (addr.count > this.limits.perIp) waits.push(addr.ttlSeconds);
    if (waits.length > 0) throw rateLimited(Math.max(...waits));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    loginLimiter: LoginLimiter;
    /** /forget: password reset requests per account identifier and per IP. */
    forgetLimiter: RequestLimiter;
  }
}

export type RateLimitOptions = {
  limits: LoginRateLimit;
  forgetLimits: LoginRateLimit;
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
  app.decorate('forgetLimiter', new RequestLimiter(store, 'forget', opts.forgetLimits));
  app.addHook('onClose', async () => {
    await store.close();
  });
}

export default fp(rateLimit, { name: 'rate-limit' });
