import { MESSAGES } from '@gatehouse/contract';
import { conflict } from './errors.ts';

/**
 * PostgreSQL error codes, read the same way from node-postgres and PGlite errors, which
 * drizzle may wrap (the driver's error is then its `cause`).
 */
function sqlState(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A UNIQUE or PRIMARY KEY violation (23505): the database, not a pre-check, decides duplicates. */
export function isUniqueViolation(err: unknown): boolean {
  return sqlState(err) === '23505';
}

/**
 * Rethrows `err`, as a 409 on `id` when it is a unique violation: within an application the
 * only unique value a user chooses for a data access, permission or resource is its id.
 */
export function rethrowDuplicateId(err: unknown): never {
  if (isUniqueViolation(err)) throw conflict(MESSAGES.duplicateId, { id: MESSAGES.duplicateId });
  throw err;
}

/** Awaits `work`, turning a unique violation into the 409 on `id` of `rethrowDuplicateId`. */
export async function duplicateIdAsConflict<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    rethrowDuplicateId(err);
  }
}
