/** Business constants and limits of spec §9. */

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_SORT = 'createdDate,desc';

/** Requests time out after five minutes. */
export const REQUEST_TIMEOUT_MS = 5 * 60 * 1000;

/** Login persistence and default storage lifetime: seven days. */
export const SESSION_LIFETIME_SECONDS = 604_800;
export const STORAGE_DEFAULT_LIFETIME_SECONDS = SESSION_LIFETIME_SECONDS;

/** Inactivity lock, in seconds. DESIGN.md: every reset restarts the full length. */
export const LOCK_SECONDS = 3600;

export const DEFAULT_RESOURCE_ORDER = 1;
export const ROUTE_GENERATION_DEBOUNCE_MS = 1800;

/** Query-string parsing limits. */
export const QUERY_LIMITS = { depth: 5, arrayLimit: 20, parameterLimit: 1000 } as const;

/**
 * Sign-in limits. Failures count per account and source together (an IP, or a browser's
 * device cookie) and per IP, each in a window. Past `backoffAfter` failures on an account
 * from browsers without its device cookie, each further one makes them wait: the first wait
 * is `backoffBaseSeconds`, every next one twice as long, at most `backoffMaxSeconds`.
 */
export const LOGIN_RATE_LIMIT = {
  perAccount: 10,
  perIp: 50,
  windowSeconds: 15 * 60,
  backoffAfter: 10,
  backoffBaseSeconds: 1,
  backoffMaxSeconds: 5 * 60,
} as const;

/** The password policy's default minimum length (Console Settings may raise or lower it). */
export const MIN_PASSWORD_LENGTH = 12;
/** The shortest minimum length the policy may be set to (NIST SP 800-63B's floor for a password chosen by its user). */
export const PASSWORD_MIN_LENGTH_FLOOR = 8;
