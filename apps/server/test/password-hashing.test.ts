import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { hash } from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import {
  HASH_NICENESS,
  HASH_SLOTS,
  hashIsOutdated,
  hashLoad,
  hashParameters,
  hashPassword,
  RETIRE_AFTER_MS,
  verifyPassword,
} from '../src/modules/passwords/hashing.ts';
import { EARLIER_ARGON2 } from './fixtures.ts';

describe('password hashing under a burst', () => {
  it(`runs at most ${HASH_SLOTS} hash(es) at once, and every one of a burst completes`, async () => {
    const burst = HASH_SLOTS + 3;
    let peak = 0;
    let sawWaiting = false;
    const watch = setInterval(() => {
      const load = hashLoad();
      peak = Math.max(peak, load.running);
      sawWaiting ||= load.waiting > 0;
    }, 1);
    try {
      const hashes = await Promise.all(
        Array.from({ length: burst }, (_, i) => hashPassword(`password-${i}`)),
      );
      const checks = await Promise.all(hashes.map((h, i) => verifyPassword(h, `password-${i}`)));
      expect(checks).toEqual(Array(burst).fill(true));
      expect(await verifyPassword(hashes[0]!, 'not-it')).toBe(false);
    } finally {
      clearInterval(watch);
    }
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(HASH_SLOTS);
    expect(sawWaiting).toBe(true);
    expect(hashLoad()).toEqual({ running: 0, waiting: 0 });
  });
});

/** The nice value of each thread of this process, from /proc/self/task/<tid>/stat (Linux). */
function threadNiceness(): number[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      // Field 19 is the nice value; the fields after the command's closing parenthesis start at 3.
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      return [Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[16])];
    } catch {
      return []; // the thread ended between the listing and the read
    }
  });
}

describe.runIf(process.platform === 'linux')('password hashing threads', () => {
  it(`hash at nice ${HASH_NICENESS}, while the event loop's thread keeps its own priority`, async () => {
    const own = getPriority();
    const hash = await hashPassword('a password to hash');
    expect(await verifyPassword(hash, 'a password to hash')).toBe(true);
    const niceness = threadNiceness();
    expect(niceness).toContain(Math.min(19, own + HASH_NICENESS));
    expect(getPriority()).toBe(own);
  });

  it("verifies a hash made at an earlier version's parameters (19 MiB, 2 passes) by the ones it carries", async () => {
    const earlier = await hash('kept from before', EARLIER_ARGON2);
    expect(earlier.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await verifyPassword(earlier, 'kept from before')).toBe(true);
    expect(await verifyPassword(earlier, 'something else')).toBe(false);
  });

  it('answers a malformed stored hash with false, and the next check still works', async () => {
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
    const made = await hashPassword('another');
    expect(await verifyPassword(made, 'another')).toBe(true);
  });

  it('ends a thread that has stayed idle, and starts one again for the next hash', async () => {
    const hashing = Math.min(19, getPriority() + HASH_NICENESS);
    await hashPassword('one');
    expect(threadNiceness()).toContain(hashing);
    const idleSince = Date.now();
    await vi.waitFor(() => expect(threadNiceness()).not.toContain(hashing), {
      timeout: RETIRE_AFTER_MS + 10_000,
      interval: 100,
    });
    expect(Date.now() - idleSince).toBeGreaterThanOrEqual(RETIRE_AFTER_MS - 100);
    const hash = await hashPassword('two');
    expect(await verifyPassword(hash, 'two')).toBe(true);
  });
});

describe('the parameters of a stored hash', () => {
  it('reads them off the hash, and tells a hash made at others from a new one', async () => {
    const current = await hashPassword('any password');
    expect(hashParameters(current)).toBe('m=7168,t=5,p=1');
    expect(hashIsOutdated(current)).toBe(false);
    const earlier = await hash('any password', EARLIER_ARGON2);
    expect(hashParameters(earlier)).toBe('m=19456,t=2,p=1');
    expect(hashIsOutdated(earlier)).toBe(true);
    expect(hashParameters('not a hash')).toBeUndefined();
    expect(hashIsOutdated('not a hash')).toBe(true);
  });
});
