import type { Executor } from '../../db/client.ts';
import { type AuditContext, audit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { Meters, SignInFlow } from '../../lib/metrics.ts';

/** Why a sign-in (or a check of the password for a change or the lock) failed. */
export type SignInFailure =
  | 'unknown-account'
  | 'wrong-password'
  | 'disabled'
  | 'wrong-code'
  /** A passkey this site does not know, or not the account's that the sign-in named. */
  | 'unknown-passkey'
  /** A passkey's answer that did not verify (signature, origin, relying party, challenge). */
  | 'wrong-passkey'
  /** A passkey whose signature counter went backwards: a cloned authenticator. */
  | 'counter-regression'
  /** An identity provider's sign-in that Gatehouse refused (not linked, not allowed …). */
  | 'federation'
  /** The LDAP directory that governs the account could not be asked. */
  | 'directory-unavailable';

/**
 * Audits a failed sign-in with its reason, and the lock it started: when the failure begins
 * the account's backoff (`LoginLimiter.recordFailure`), a `login.locked` record with how
 * long sources without the account's device cookie must wait. Only known accounts are named,
 * so a password typed into the username field is not kept.
 */
export async function auditFailedSignIn(
  db: Executor,
  meta: AuditContext,
  failure: {
    action?: string;
    userId: string | null;
    reason: SignInFailure;
    lock?: { lockedSeconds: number } | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  const { action = 'login.failed', userId, reason, lock, details } = failure;
  await audit(db, meta, { action, entity: 'user', entityId: userId, after: { reason, ...details } });
  if (lock) {
    await audit(db, meta, {
      action: 'login.locked',
      entity: 'user',
      entityId: userId,
      after: { lockedSeconds: lock.lockedSeconds, ...details },
    });
  }
}

/**
 * A limiter's check before a sign-in step (`LoginLimiter.check`, `checkSecondFactor`): a
 * refusal, the account or source still in its backoff, is counted as a `locked` sign-in.
 */
export async function unlessLocked(
  check: () => Promise<void>,
  meters: Meters,
  flow: SignInFlow,
): Promise<void> {
  try {
    await check();
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 429) meters.signIn(flow, 'locked');
    throw err;
  }
}
