import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { type Options, hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum parameters (m=19 MiB, t=2, p=1). The algorithm is given by
 * value because the binding declares it as an ambient const enum, which isolated modules
 * cannot read; 2 is Argon2id.
 */
const ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * A hash at these parameters holds a core for tens of milliseconds. At most this many run at
 * once (the cores but one, at least one); the rest wait their turn, so a burst of sign-ins
 * leaves a core to every other request instead of queueing them behind the hashes.
 */
export const HASH_SLOTS = Math.max(1, availableParallelism() - 1);
let hashing = 0;
const waiting: (() => void)[] = [];

/** Hashes running now, and waiting for a slot. */
export function hashLoad(): { running: number; waiting: number } {
  return { running: hashing, waiting: waiting.length };
}

async function inHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (hashing < HASH_SLOTS) hashing++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is given back.
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return inHashSlot(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await inHashSlot(() => verify(passwordHash, password));
  } catch {
    // A malformed stored hash must not turn a sign-in into a 500.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Verifies against a throwaway hash so an unknown username costs as much time as a wrong
 * password, and response timing does not reveal which accounts exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}

/** A strong password for the first administrator: 24 characters from 18 random bytes. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
