import { ADMIN_USERNAME, ERROR_CODES, MESSAGES, SECOND_FACTOR_REQUIRED } from '@gatehouse/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { Redis } from 'ioredis';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { AppError } from '../src/lib/errors.ts';
import { MemoryCounterStore, RedisCounterStore } from '../src/lib/rate-limit-store.ts';
import { LoginLimiter } from '../src/modules/auth/limiters.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from '../src/plugins/device-cookie.ts';
import { ADMIN_PASSWORD, build, en, type TestContext } from './helper.ts';

/** The limiter's clock: tests move it instead of waiting. */
const clock = { now: Date.now() };
const advance = (seconds: number) => {
  clock.now += seconds * 1000;
};

const LIMITS = {
  perAccount: 3,
  perIp: 5,
  windowSeconds: 120,
  backoffAfter: 4,
  backoffBaseSeconds: 1,
  backoffMaxSeconds: 8,
};

let t: TestContext;
beforeAll(async () => {
  t = await build({
    // A trusted proxy, so a request marked X-Forwarded-Proto: https counts as TLS.
    config: { loginRateLimit: LIMITS, trustProxy: true },
    rateLimitStore: new MemoryCounterStore(() => clock.now),
  });
});

const LOGIN = '/api/oauth2-server/login';
const attempt = (username: string, password: string, ip: string, cookie?: string) =>
  t.post(LOGIN, { username, password }, undefined, {
    remoteAddress: ip,
    ...(cookie ? { headers: { cookie } } : {}),
  });

/** The `name=value` of the device cookie an answer sets, ready for a Cookie header. */
function deviceCookie(res: LightMyRequestResponse): string {
  const header = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  if (!header) throw new Error(`no device cookie in ${JSON.stringify(res.headers)}`);
  return header.split(';')[0]!;
}

/** Failures at `username` from as many addresses, each a fresh source, while no wait runs. */
async function guessFromMany(username: string, count: number, net: string) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++)
    statuses.push((await attempt(username, `guess-${i}`, `${net}.${i}`)).statusCode);
  return statuses;
}

describe('the owner is never locked out (defect 1)', () => {
  it('many wrong passwords for admin from other addresses: the owner with the device cookie signs in; without it only waits', async () => {
    const home = '10.50.0.1';
    const first = await attempt(ADMIN_USERNAME, ADMIN_PASSWORD, home);
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookie(first);

    // The attack of the issue, kept up over 20 minutes of the limiter's clock: a guess from a
    // new address every second, whenever the limiter lets one through.
    let guesses = 0;
    let refused = 0;
    let longestWait = 0;
    for (let second = 0; second < 20 * 60; second++) {
      const res = await attempt(ADMIN_USERNAME, `guess-${second}`, `10.51.${second >> 8}.${second & 255}`);
      if (res.statusCode === 401) guesses++;
      else {
        expect(res.statusCode).toBe(429);
        refused++;
        longestWait = Math.max(longestWait, Number(res.headers['retry-after']));
      }
      if (second % 97 === 0) {
        // The owner's browser, from home, is never held up.
        const owner = await attempt(ADMIN_USERNAME, ADMIN_PASSWORD, home, cookie);
        expect(owner.statusCode, owner.body).toBe(200);
      }
      advance(1);
    }
    // The attacker got a guess in only about every backoffMaxSeconds once the backoff ran.
    expect(guesses).toBeLessThan(LIMITS.backoffAfter + (20 * 60) / LIMITS.backoffMaxSeconds + 8);
    expect(refused).toBeGreaterThan(1000);
    // A wait never outlasts the cap (the guess a second later sees one second less of it).
    expect(longestWait).toBeGreaterThanOrEqual(LIMITS.backoffMaxSeconds - 1);
    expect(longestWait).toBeLessThanOrEqual(LIMITS.backoffMaxSeconds);

    // Without the cookie the owner waits at most the cap, never the 15 minutes of old.
    const other = '10.50.0.2';
    const delayed = await attempt(ADMIN_USERNAME, ADMIN_PASSWORD, other);
    expect(delayed.statusCode).toBe(429);
    const wait = Number(delayed.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(LIMITS.backoffMaxSeconds);
    advance(wait);
    const through = await attempt(ADMIN_USERNAME, ADMIN_PASSWORD, other);
    expect(through.statusCode, through.body).toBe(200);
    // The owner's browser still passes, and a success set a fresh cookie.
    expect(deviceCookie(through)).not.toBe(cookie);
    expect((await attempt(ADMIN_USERNAME, ADMIN_PASSWORD, home, cookie)).statusCode).toBe(200);
    console.info(
      `[rate-limit] 20 min of guessing at admin: ${guesses} guesses let through, ${refused} refused (429), longest wait ${longestWait} s; owner with cookie: 200 each time; without: waited ${wait} s`,
    );
  });

  it('sets the device cookie httpOnly, SameSite=Strict, for the sign-in calls only, Secure over TLS', async () => {
    const user = await t.createUser();
    const plain = await attempt(user.username, user.password, '10.52.0.1');
    const header = String(([] as string[]).concat(plain.headers['set-cookie'] ?? [])[0]);
    expect(header).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Path=/api/oauth2-server');
    expect(header).toContain(`Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`);
    expect(header).not.toContain('Secure');
    // The cookie names the account, not the password or a session.
    expect(decodeURIComponent(header)).toContain(`:${user.username.toLowerCase()}.`);
    expect(header).not.toContain(plain.json().result.token);

    const tls = await t.post(LOGIN, { username: user.username, password: user.password }, undefined, {
      remoteAddress: '10.52.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(String(([] as string[]).concat(tls.headers['set-cookie'] ?? [])[0])).toContain('Secure');
    // A failure sets no cookie.
    const wrong = await attempt(user.username, 'wrong-password', '10.52.0.1');
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('with two-factor sign-in, the code step sets the cookie, not the password alone', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, user.password);
    const { secret } = (await t.post('/api/oauth2-server/two-factor/enrolment', undefined, token)).json();
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    const code = (step: number) => totp.generate({ timestamp: Date.now() + step * 30_000 });
    const confirmed = await t.post(
      '/api/oauth2-server/two-factor/enrolment/confirm',
      { code: code(0) },
      token,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const password = await attempt(user.username, user.password, '10.52.1.1');
    expect(password.json().code).toBe(SECOND_FACTOR_REQUIRED);
    expect(password.headers['set-cookie']).toBeUndefined();
    const second = await t.post('/api/oauth2-server/login/second-factor', {
      challenge: password.json().result.challenge,
      // The next step's code: the current one was spent by the confirmation.
      code: code(1),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(deviceCookie(second)).toContain(`${DEVICE_COOKIE}=`);
  });
});

describe('LoginLimiter with the shipped limits', () => {
  it('an hour of guessing at one account, a new address every second: the owner never waits over 5 minutes, with the cookie not at all', async () => {
    let now = 0;
    const limits = loadConfig({}).loginRateLimit;
    const limiter = new LoginLimiter(new MemoryCounterStore(() => now), limits);
    const device = { account: 'admin', nonce: 'owner-browser' };
    const waitOf = async (attempt: Parameters<LoginLimiter['check']>[0]) => {
      try {
        await limiter.check(attempt);
        return 0;
      } catch (err) {
        return Number((err as AppError).headers?.['retry-after']);
      }
    };
    let guesses = 0;
    let longest = 0;
    for (let second = 0; second < 3600; second++) {
      const attacker = { account: 'admin', ip: `10.70.${second >> 8}.${second & 255}` };
      if ((await waitOf(attacker)) === 0) {
        await limiter.recordFailure(attacker);
        guesses++;
      }
      longest = Math.max(longest, await waitOf({ account: 'Admin', ip: '10.71.0.1' }));
      expect(await waitOf({ account: 'admin', ip: '10.71.0.1', device })).toBe(0);
      now += 1000;
    }
    expect(limits.backoffMaxSeconds).toBeLessThan(15 * 60);
    expect(longest).toBe(limits.backoffMaxSeconds);
    // Ten free, the doubling waits (1 + 2 + … + 256 s), then one every 5 minutes.
    expect(guesses).toBeLessThanOrEqual(limits.backoffAfter + 9 + 3600 / limits.backoffMaxSeconds);
    console.info(
      `[rate-limit] shipped limits, 1 h of guessing: ${guesses} guesses, longest wait ${longest} s`,
    );
  });
});

describe('sign-in rate limits', () => {
  it('per account and IP: a 429 with Retry-After for that pair, while other sources of the account go on', async () => {
    const user = await t.createUser();
    for (let i = 0; i < LIMITS.perAccount; i++)
      expect((await attempt(user.username, 'wrong-password', '10.53.0.1')).statusCode).toBe(401);
    const blocked = await attempt(user.username, user.password, '10.53.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      code: ERROR_CODES.RATE_LIMITED,
      message: en(MESSAGES.tooManyAttempts),
    });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LIMITS.windowSeconds);
    // The same account from another address, and another account from this one, are not held.
    expect((await attempt(user.username, user.password, '10.53.0.2')).statusCode).toBe(200);
    const other = await t.createUser();
    expect((await attempt(other.username, other.password, '10.53.0.1')).statusCode).toBe(200);
    // The window ends.
    advance(retryAfter);
    expect((await attempt(user.username, user.password, '10.53.0.1')).statusCode).toBe(200);
  });

  it('per IP across accounts (spraying), and a success there does not reset it', async () => {
    const ip = '10.54.0.1';
    const own = await t.createUser();
    for (let i = 0; i < LIMITS.perIp - 1; i++)
      expect((await attempt(`victim-${i}`, 'guess-password', ip)).statusCode).toBe(401);
    // A correct sign-in from the attacking IP does not clear the IP's count.
    expect((await attempt(own.username, own.password, ip)).statusCode).toBe(200);
    expect((await attempt('victim-9', 'guess-password', ip)).statusCode).toBe(401);
    const blocked = await attempt(own.username, own.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt(own.username, own.password, '10.54.0.2')).statusCode).toBe(200);
  });

  it('the account-wide backoff grows: each failure past the threshold doubles the wait, up to the cap', async () => {
    const user = await t.createUser();
    expect(await guessFromMany(user.username, LIMITS.backoffAfter, '10.55.0')).toEqual([401, 401, 401, 401]);
    // No wait yet: the right password from anywhere still signs in.
    const free = await attempt(user.username, user.password, '10.55.1.1');
    expect(free.statusCode).toBe(200);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      expect((await attempt(user.username, `more-${i}`, `10.55.2.${i}`)).statusCode).toBe(401);
      const held = await attempt(user.username, user.password, '10.55.1.1');
      expect(held.statusCode).toBe(429);
      const wait = Number(held.headers['retry-after']);
      waits.push(wait);
      advance(wait);
    }
    expect(waits).toEqual([1, 2, 4, 8, 8, 8]);
    // Once the wait ends, the right password goes through.
    expect((await attempt(user.username, user.password, '10.55.1.1')).statusCode).toBe(200);
    // Left alone for the count's window, the account starts afresh.
    advance(LIMITS.windowSeconds);
    expect(await guessFromMany(user.username, LIMITS.backoffAfter, '10.55.3')).toEqual([401, 401, 401, 401]);
    expect((await attempt(user.username, user.password, '10.55.1.1')).statusCode).toBe(200);
  });

  it('a forged, tampered or borrowed device cookie earns no exemption', async () => {
    const user = await t.createUser();
    const cookie = deviceCookie(await attempt(user.username, user.password, '10.56.0.1'));
    const other = await t.createUser();
    const othersCookie = deviceCookie(await attempt(other.username, other.password, '10.56.0.2'));
    await guessFromMany(user.username, LIMITS.backoffAfter + 1, '10.56.1');

    const [name, raw] = cookie.split('=') as [string, string];
    const value = decodeURIComponent(raw);
    const signature = value.slice(value.lastIndexOf('.') + 1);
    const nonce = value.slice(0, value.indexOf(':'));
    const forged = [
      // No signature at all.
      `${name}=${encodeURIComponent(`${nonce}:${user.username.toLowerCase()}`)}`,
      // Another account's valid cookie with this account's name put in.
      `${name}=${encodeURIComponent(decodeURIComponent(othersCookie.split('=')[1]!).replace(other.username.toLowerCase(), user.username.toLowerCase()))}`,
      // This cookie's signature on another nonce.
      `${name}=${encodeURIComponent(`AAAA${nonce.slice(4)}:${user.username.toLowerCase()}.${signature}`)}`,
      // A signature that is not one.
      `${name}=${encodeURIComponent(`${nonce}:${user.username.toLowerCase()}.${'A'.repeat(43)}`)}`,
      // Another account's valid cookie, as it is.
      othersCookie,
      // Malformed: empty, a lone dot, bad percent-encoding, no account part.
      `${name}=`,
      `${name}=.`,
      `${name}=%E0%A4%A`,
      `${name}=${encodeURIComponent(`${nonce}.${signature}`)}`,
    ];
    for (const bad of forged) {
      const res = await attempt(user.username, user.password, '10.56.2.1', bad);
      expect(res.statusCode, bad).toBe(429);
    }
    expect((await attempt(user.username, user.password, '10.56.2.1', cookie)).statusCode).toBe(200);
  });

  it("a device's own failures still count: after its budget that browser waits, the owner elsewhere does not", async () => {
    const user = await t.createUser();
    const cookie = deviceCookie(await attempt(user.username, user.password, '10.57.0.1'));
    for (let i = 0; i < LIMITS.perAccount; i++)
      expect((await attempt(user.username, 'wrong-password', '10.57.0.1', cookie)).statusCode).toBe(401);
    const held = await attempt(user.username, user.password, '10.57.0.1', cookie);
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    // The device's failures neither spend the IP's budget nor start the account's backoff.
    expect((await attempt(user.username, user.password, '10.57.0.1')).statusCode).toBe(200);
  });

  it('only failures count: repeated correct sign-ins are never limited', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 7; i++)
      expect((await attempt(user.username, user.password, '10.58.0.1')).statusCode).toBe(200);
  });

  it('unlock and password change share the budget of the account and source', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, user.password);
    for (let i = 0; i < LIMITS.perAccount; i++) {
      const res = await t.post('/api/oauth2-server/unlock', { password: 'wrong-password' }, token, {
        remoteAddress: '10.59.0.1',
      });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await t.post('/api/oauth2-server/unlock', { password: user.password }, token, {
      remoteAddress: '10.59.0.1',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    const change = await t.post(
      '/api/oauth2-server/change-password',
      { oldPassword: user.password, newPassword: 'a-new-password-1234' },
      token,
      { remoteAddress: '10.59.0.1' },
    );
    expect(change.statusCode).toBe(429);
  });
});

describe('MemoryCounterStore', () => {
  it('counts within the window and starts over after it', async () => {
    let now = 1_000_000;
    const store = new MemoryCounterStore(() => now);
    expect(await store.increment('k', 60)).toEqual({ count: 1, ttlSeconds: 60 });
    now += 30_000;
    expect(await store.increment('k', 60)).toEqual({ count: 2, ttlSeconds: 30 });
    expect(await store.get('k')).toEqual({ count: 2, ttlSeconds: 30 });
    now += 30_000;
    expect(await store.get('k')).toEqual({ count: 0, ttlSeconds: 0 });
    expect((await store.increment('k', 60)).count).toBe(1);
    await store.reset('k');
    expect((await store.get('k')).count).toBe(0);
  });

  it('a sliding window renews with every hit; a hold lasts exactly its time', async () => {
    let now = 0;
    const store = new MemoryCounterStore(() => now);
    await store.increment('s', 60, true);
    now += 50_000;
    expect(await store.increment('s', 60, true)).toEqual({ count: 2, ttlSeconds: 60 });
    now += 50_000;
    expect(await store.get('s')).toEqual({ count: 2, ttlSeconds: 10 });
    await store.hold('h', 5);
    expect(await store.get('h')).toEqual({ count: 1, ttlSeconds: 5 });
    await store.hold('h', 2);
    expect(await store.get('h')).toEqual({ count: 1, ttlSeconds: 2 });
    now += 2_000;
    expect((await store.get('h')).count).toBe(0);
  });
});

/** Just the Redis commands the store uses, with expiry on a fake clock. */
function fakeRedis(clock: { now: number }) {
  const data = new Map<string, { value: number; expiresAt: number | null }>();
  const live = (key: string) => {
    const entry = data.get(key);
    if (entry && entry.expiresAt !== null && entry.expiresAt <= clock.now) data.delete(key);
    return data.get(key);
  };
  return {
    async incr(key: string) {
      const entry = live(key) ?? { value: 0, expiresAt: null };
      entry.value += 1;
      data.set(key, entry);
      return entry.value;
    },
    async expire(key: string, seconds: number) {
      const entry = live(key);
      if (entry) entry.expiresAt = clock.now + seconds * 1000;
      return entry ? 1 : 0;
    },
    async ttl(key: string) {
      const entry = live(key);
      if (!entry) return -2;
      return entry.expiresAt === null ? -1 : Math.ceil((entry.expiresAt - clock.now) / 1000);
    },
    async get(key: string) {
      const entry = live(key);
      return entry ? String(entry.value) : null;
    },
    async set(key: string, value: string, _ex: 'EX', seconds: number) {
      data.set(key, { value: Number(value), expiresAt: clock.now + seconds * 1000 });
      return 'OK';
    },
    async del(key: string) {
      return data.delete(key) ? 1 : 0;
    },
    async quit() {
      return 'OK';
    },
  };
}

describe('RedisCounterStore', () => {
  it('opens the window on the first hit and shares counts under a prefix', async () => {
    const clock = { now: 0 };
    const redis = fakeRedis(clock);
    const store = new RedisCounterStore(redis as unknown as Redis, 'test:');
    expect(await store.increment('k', 60)).toEqual({ count: 1, ttlSeconds: 60 });
    clock.now += 20_000;
    expect(await store.increment('k', 60)).toEqual({ count: 2, ttlSeconds: 40 });
    expect(await redis.get('test:k')).toBe('2');
    clock.now += 40_000;
    expect(await store.get('k')).toEqual({ count: 0, ttlSeconds: 0 });
    expect((await store.increment('k', 60)).count).toBe(1);
    await store.reset('k');
    expect((await store.get('k')).count).toBe(0);
  });

  it('repairs a counter left without expiry', async () => {
    const clock = { now: 0 };
    const redis = fakeRedis(clock);
    await redis.incr('test:stuck');
    const store = new RedisCounterStore(redis as unknown as Redis, 'test:');
    expect(await store.increment('stuck', 30)).toEqual({ count: 2, ttlSeconds: 30 });
    expect(await redis.ttl('test:stuck')).toBe(30);
  });

  it('slides a window on request, and holds a key for a set time', async () => {
    const clock = { now: 0 };
    const store = new RedisCounterStore(fakeRedis(clock) as unknown as Redis, 'test:');
    await store.increment('s', 60, true);
    clock.now += 50_000;
    expect(await store.increment('s', 60, true)).toEqual({ count: 2, ttlSeconds: 60 });
    await store.hold('h', 4);
    expect(await store.get('h')).toEqual({ count: 1, ttlSeconds: 4 });
    clock.now += 4_000;
    expect((await store.get('h')).count).toBe(0);
  });
});
