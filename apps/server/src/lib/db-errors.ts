import { IDENTITY_MESSAGES, MESSAGES, type Message } from '@gatehouse/contract';
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

/** The error and its causes, outermost first: drizzle's wrapper, then the driver's own. */
function chainOf(err: unknown): object[] {
  const chain: object[] = [];
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** Socket errors of a database that cannot be reached (node-postgres passes them through). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * SQL states of a server that is not there to answer: connection exceptions (class 08),
 * shutting down or starting up (57P01-57P03), and no connection slot left (53300).
 */
const UNAVAILABLE_STATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** What the drivers say, without a code, when the connection or the pool is gone. */
const UNAVAILABLE_MESSAGE =
  /^(PGlite is clos(ed|ing)|Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|Client has encountered a connection error|Client was closed)/;

/**
 * True when the database could not be reached at all, as opposed to refusing a statement:
 * the request may well succeed later, so it is a 503, not a 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return chainOf(err).some((e) => {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATE.test(code))) return true;
    // drizzle's wrapper carries the SQL in its message; only the drivers' own messages count.
    return !('query' in e) && typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message);
  });
}

/**
 * A statement the database cancelled (57014): statement_timeout ran out, or an operator
 * cancelled it. The database is there but too slow for this request; a retry may succeed.
 */
export function isStatementCancelled(err: unknown): boolean {
  return sqlState(err) === '57014';
}

/** The driver's code of an unavailable database: the SQL state or the socket error. */
export function unavailableCode(err: unknown): string | undefined {
  for (const e of chainOf(err)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATE.test(code))) return code;
  }
  return undefined;
}

/** `insert "sessions"`: a statement's verb and first table, never its values. */
export function statementName(query: string): string {
  const verb = /^\s*([A-Za-z]+)/.exec(query)?.[1]?.toLowerCase() ?? 'statement';
  const table =
    /\b(?:from|into|update|join)\s+((?:"[^"]+"|[A-Za-z_][\w$]*)(?:\.(?:"[^"]+"|[A-Za-z_][\w$]*))?)/i.exec(
      query,
    )?.[1];
  return table ? `${verb} ${table}` : verb;
}

/** The names a PostgreSQL error reports, which say where it failed without quoting a value. */
const SCHEMA_FIELDS = ['table', 'column', 'constraint', 'routine'] as const;

/**
 * What the log may say about a database error: which statement failed (drizzle's wrapper
 * holds the SQL, of which only the verb and table are kept), the SQL state or socket code,
 * and the schema names the server reports. Never the parameters, the SQL itself, or the
 * driver's message and detail, which quote values (a token hash, user text). Undefined for
 * an error that did not come from the database.
 */
export function databaseErrorSummary(err: unknown): Record<string, string> | undefined {
  const chain = chainOf(err);
  const wrapper = chain.find((e) => typeof (e as { query?: unknown }).query === 'string') as
    | { query: string }
    | undefined;
  const code = sqlState(err) ?? unavailableCode(err);
  const unavailable = isDatabaseUnavailable(err);
  if (!wrapper && !code && !unavailable) return undefined;
  const summary: Record<string, string> = { type: 'DatabaseError' };
  if (wrapper) summary.statement = statementName(wrapper.query);
  if (code) summary.code = code;
  for (const e of chain) {
    for (const field of SCHEMA_FIELDS) {
      const value = (e as Record<string, unknown>)[field];
      if (typeof value === 'string' && !(field in summary)) summary[field] = value;
    }
  }
  // A lost connection's own words ("PGlite is closed") quote nothing.
  if (unavailable && !code) {
    const message = chain
      .map((e) => (e as { message?: unknown }).message)
      .find((m) => typeof m === 'string' && !m.startsWith('Failed query'));
    if (typeof message === 'string') summary.message = message.slice(0, 200);
  }
  return summary;
}

/** A UNIQUE or PRIMARY KEY violation (23505): the database, not a pre-check, decides duplicates. */
export function isUniqueViolation(err: unknown): boolean {
  return sqlState(err) === '23505';
}

/** Which value a unique violation means is taken: the field that names it and the message. */
export type Duplicate = { field: string; message: Message };

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
