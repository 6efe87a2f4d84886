import { describe, expect, it } from 'vitest';
import { HASH_SLOTS, hashLoad, hashPassword, verifyPassword } from '../src/lib/passwords.ts';

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
