import { IDENTITY_MESSAGES, MESSAGES } from '@gatehouse/contract';
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
function isUniqueViolation(err: unknown): boolean {
  return sqlState(err) === '23505';
}

/** Which value a unique violation means is taken: the field that names it and the message. */
export type Duplicate = { field: string; message: string };

/**
 * Within an application the only unique value a user chooses for a data access, permission
 * or resource is its id.
 */
const DUPLICATE_ID: Duplicate = { field: 'id', message: MESSAGES.duplicateId };

/** A `code` already taken: the identity entities' conflict. */
export const DUPLICATE_CODE: Duplicate = { field: 'code', message: IDENTITY_MESSAGES.duplicateCode };

/** Awaits `work`, turning a unique violation into a 409 on `duplicate.field` (the id by default). */
export async function duplicateIdAsConflict<T>(work: Promise<T>, duplicate = DUPLICATE_ID): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(duplicate.message, { [duplicate.field]: duplicate.message });
    throw err;
  }
}
