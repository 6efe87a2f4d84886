import { randomBytes } from 'node:crypto';
import { type Options, hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum parameters (m=19 MiB, t=2, p=1). The algorithm is given by
 * value because the binding declares it as an ambient const enum, which isolated modules
 * cannot read; 2 is Argon2id.
 */
const ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
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
