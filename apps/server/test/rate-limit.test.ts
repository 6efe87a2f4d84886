import { ERROR_CODES, MESSAGES } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { MemoryCounterStore, RedisCounterStore } from '../src/lib/rate-limit-store.ts';
import { build, type TestContext } from './helper.ts';

let t: TestContext;
beforeAll(async () => {
  t = await build({ config: { loginRateLimit: { perAccount: 3, perIp: 5, windowSeconds: 120 } } });
});
afterAll(async () => {
  await t?.close();
});

const LOGIN = '/api/oauth2-server/login';
const attempt = (username: string, password: string, ip: string) =>
  t.post(LOGIN, { username, password }, undefined, { remoteAddress: ip });

describe('sign-in rate limits', () => {
  it('blocks an account after its failures, from any IP, with Retry-After', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 3; i++)
      expect((await attempt(user.username, 'wrong-password', `10.0.1.${i}`)).statusCode).toBe(401);
    const blocked = await attempt(user.username, user.password, '10.0.1.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      code: ERROR_CODES.RATE_LIMITED,
      message: MESSAGES.tooManyAttempts,
    });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(120);
    // Another account from the same IPs is not affected.
    const other = await t.createUser();
    expect((await attempt(other.username, other.password, '10.0.1.0')).statusCode).toBe(200);
  });

  it('blocks an IP after its failures across accounts, and a success there does not reset it', async () => {
    const ip = '10.0.2.1';
    const own = await t.createUser();
    for (let i = 0; i < 4; i++)
      expect((await attempt(`victim-${i}`, 'guess-password', ip)).statusCode).toBe(401);
    // A correct sign-in from the attacking IP does not clear the IP's count.
    expect((await attempt(own.username, own.password, ip)).statusCode).toBe(200);
    expect((await attempt('victim-9', 'guess-password', ip)).statusCode).toBe(401);
    const blocked = await attempt(own.username, own.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Other IPs are fine.
    expect((await attempt(own.username, own.password, '10.0.2.2')).statusCode).toBe(200);
  });

  it('only failures count: repeated correct sign-ins are never limited', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 7; i++)
      expect((await attempt(user.username, user.password, '10.0.3.1')).statusCode).toBe(200);
  });

  it('a success clears the account count', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 2; i++) await attempt(user.username, 'wrong-password', `10.0.4.${i}`);
    expect((await attempt(user.username, user.password, '10.0.4.9')).statusCode).toBe(200);
    for (let i = 0; i < 2; i++)
      expect((await attempt(user.username, 'wrong-password', `10.0.4.${i + 10}`)).statusCode).toBe(401);
    expect((await attempt(user.username, user.password, '10.0.4.20')).statusCode).toBe(200);
  });

  it('unlock shares the account budget', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, user.password);
    for (let i = 0; i < 3; i++) {
      const res = await t.post('/api/oauth2-server/unlock', { password: 'wrong-password' }, token, {
        remoteAddress: `10.0.5.${i}`,
      });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await t.post('/api/oauth2-server/unlock', { password: user.password }, token, {
      remoteAddress: '10.0.5.9',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
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
});
