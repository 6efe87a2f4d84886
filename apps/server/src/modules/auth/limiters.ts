import {
  SECOND_FACTOR_ATTEMPTS_PER_ACCOUNT,
  SECOND_FACTOR_ATTEMPTS_PER_CHALLENGE,
  SECOND_FACTOR_CHALLENGE_SECONDS,
} from '@gatehouse/contract';
import type { LoginRateLimit, RequestRateLimit } from '../../config.ts';
import { rateLimited } from '../../lib/errors.ts';
import type { CounterStore } from '../../lib/rate-limit-store.ts';
import type { DeviceCookie } from '../../plugins/device-cookie.ts';

/** One password attempt: the account named, the caller's IP, and its verified device cookie. */
export type SignInAttempt = { account: string; ip: string; device?: DeviceCookie | undefined };

/**
 * Sign-in throttling that slows guessing and never locks the owner out (OWASP's device
 * cookies). Only failures count:
 * - per account and source together: the IP, or for a browser carrying the account's device
 *   cookie, that cookie (so one guessing source stops without stopping the others);
 * - per IP, whatever the account, against spraying many accounts from one address;
 * - per account from every source without its device cookie: past `backoffAfter` such
 *   failures each further one makes those sources wait, twice as long as the last time, up
 *   to `backoffMaxSeconds`. A browser that signed in to the account before skips this wait.
 * A success clears its own source's count only, so neither an attacker's own account nor
 * the owner's sign-ins refill the budgets the attacker spends.
 */
export class LoginLimiter {
  constructor(
    private readonly store: CounterStore,
    readonly limits: LoginRateLimit,
  ) {}

  private keys(attempt: SignInAttempt) {
    const account = attempt.account.toLowerCase();
    const nonce = attempt.device?.account === account ? attempt.device.nonce : undefined;
    if (nonce) return { source: `dev:${nonce}:${account}`, trusted: true as const };
    return {
      source: `pair:${attempt.ip}:${account}`,
      ip: `ip:${attempt.ip}`,
      account: `acct:${account}`,
      wait: `wait:${account}`,
      trusted: false as const,
    };
  }

  /** Throws 429 with Retry-After when a budget is spent or the account's backoff runs. */
  async check(attempt: SignInAttempt): Promise<void> {
    const keys = this.keys(attempt);
    const [source, addr, wait] = await Promise.all([
      this.store.get(keys.source),
      keys.trusted ? undefined : this.store.get(keys.ip),
      keys.trusted ? undefined : this.store.get(keys.wait),
    ]);
    const waits: number[] = [];
    if (source.count >= this.limits.perAccount) waits.push(source.ttlSeconds);
    if (addr && addr.count >= this.limits.perIp) waits.push(addr.ttlSeconds);
    if (wait && wait.count > 0) waits.push(wait.ttlSeconds);
    if (waits.length > 0) throw rateLimited(Math.max(...waits));
  }

  /**
   * Counts a failed attempt. Returns the wait it puts the account under when this failure
   * is the one that starts the account's backoff (the account is locked for that long to
   * sources without its device cookie), else null.
   */
  async recordFailure(attempt: SignInAttempt): Promise<{ lockedSeconds: number } | null> {
    const keys = this.keys(attempt);
    const window = this.limits.windowSeconds;
    if (keys.trusted) {
      await this.store.increment(keys.source, window);
      return null;
    }
    const [, , account] = await Promise.all([
      this.store.increment(keys.source, window),
      this.store.increment(keys.ip, window),
      // Sliding: a slow attacker keeps the count, and with it the longest wait.
      this.store.increment(keys.account, Math.max(window, this.limits.backoffMaxSeconds), true),
    ]);
    const over = account.count - this.limits.backoffAfter;
    if (over <= 0) return null;
    const lockedSeconds = this.backoffSeconds(over);
    await this.store.hold(keys.wait, lockedSeconds);
    return over === 1 ? { lockedSeconds } : null;
  }

  /** The wait after the `over`-th failure past the threshold: doubling, capped. */
  private backoffSeconds(over: number): number {
    const { backoffBaseSeconds: base, backoffMaxSeconds: max } = this.limits;
    return Math.min(max, base * 2 ** Math.min(over - 1, 30));
  }

  async recordSuccess(attempt: SignInAttempt): Promise<void> {
    await this.store.reset(this.keys(attempt).source);
  }

  /**
   * A sign-in that names no account yet (a passkey this site does not know): only the source's
   * budget applies, and a failure spends it.
   */
  async checkSource(ip: string): Promise<void> {
    const addr = await this.store.get(`ip:${ip}`);
    if (addr.count >= this.limits.perIp) throw rateLimited(addr.ttlSeconds);
  }

  async recordSourceFailure(ip: string): Promise<void> {
    await this.store.increment(`ip:${ip}`, this.limits.windowSeconds);
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
    readonly limits: RequestRateLimit,
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

  /**
   * For submissions where only failures count (a reset link that is unknown, used or
   * expired): throws 429 once the IP has spent its budget of them.
   */
  async checkFailures(ip: string): Promise<void> {
    const addr = await this.store.get(`${this.prefix}:failed:${ip}`);
    if (addr.count >= this.limits.perIp) throw rateLimited(addr.ttlSeconds);
  }

  async recordFailure(ip: string): Promise<void> {
    await this.store.increment(`${this.prefix}:failed:${ip}`, this.limits.windowSeconds);
  }
}
