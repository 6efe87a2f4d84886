import { ERROR_CODES, MESSAGES } from '@gatehouse/contract';
import type { Database } from '../../db/client.ts';
import type { RequestMeta } from '../../lib/auth-state.ts';
import { AppError } from '../../lib/errors.ts';
import type { Meters, SignInFlow } from '../../lib/metrics.ts';
import type { AccountRow } from '../access/repository.ts';
import { verifyAgainstDummy, verifyPassword } from '../passwords/hashing.ts';
import { findUserByUsername } from '../sessions/repository.ts';
import type { LoginLimiter, SignInAttempt } from './limiters.ts';
import { auditFailedSignIn } from './sign-in-events.ts';

/**
 * Where a password typed in Gatehouse's own sign-in forms (the console's, the /oauth
 * interaction's) is checked, when not against the local hash: a directory (LDAP, Active
 * Directory) that governs the account. The sign-in services ask it first; it answers
 * - `local`: no directory governs this account (a local user without a directory's identity, or
 *   no directory knows the name): the local password decides, as always;
 * - `accepted`: a directory accepted the password, and this is the user it signs in as (created
 *   or linked by the provider's rules, its mapping applied);
 * - `refused`: a directory governs the account, or knew the name, and refused the password;
 *   `error` replaces the usual 401 where a refusal after a right password has its own reason
 *   (an application that does not allow the provider; not linked, and not created).
 * The directory never satisfies the second factor, and never links an account silently.
 */
export type DirectoryVerdict =
  | { kind: 'local' }
  | { kind: 'accepted'; user: AccountRow; providerId: string }
  | {
      kind: 'refused';
      userId: string | null;
      reason: 'wrong-password' | 'unknown-account' | 'directory-unavailable' | 'federation';
      providerId?: string;
      error?: AppError;
    };

export type DirectoryAttempt = {
  username: string;
  password: string;
  /** The local user of that name, if any. */
  user: Pick<AccountRow, 'userId'> | undefined;
  /** The application signed in to: the console's (platform) or an /oauth client's; its provider limit applies. */
  applicationId: string;
  meta: RequestMeta;
};

export interface PasswordDirectory {
  verify(attempt: DirectoryAttempt): Promise<DirectoryVerdict>;
}

/** No directory: every password is the local one's to check. */
export const NO_DIRECTORY: PasswordDirectory = { verify: async () => ({ kind: 'local' }) };

export type CredentialDeps = {
  db: Database;
  directory: PasswordDirectory;
  limiter: Pick<LoginLimiter, 'recordFailure'>;
  meters: Meters;
};

/**
 * The password step of a sign-in form, the same for the console and the /oauth interaction:
 * the user named and the password checked, by their directory where one governs the account,
 * else against the local hash. A wrong password, an unknown name or a directory that could not
 * be asked all answer the same 401 and are counted and audited alike (a directory refusal
 * after a right password has its own message). Every refusal costs a password hash's time,
 * so an unknown name answers as slowly as a known one. `viaDirectory`: the local hash was not
 * used (nor is it to be upgraded).
 */
export async function checkCredentials(
  deps: CredentialDeps,
  flow: SignInFlow,
  input: { username: string; password: string },
  attempt: SignInAttempt,
  context: { meta: RequestMeta; applicationId: string; details?: Record<string, unknown> },
): Promise<{ user: AccountRow; viaDirectory: boolean }> {
  const { meta, details } = context;
  const user = input.username ? await findUserByUsername(deps.db, input.username) : undefined;
  const verdict = await deps.directory.verify({
    username: input.username,
    password: input.password,
    user,
    applicationId: context.applicationId,
    meta,
  });
  if (verdict.kind === 'accepted') return { user: verdict.user, viaDirectory: true };
  if (verdict.kind === 'local') {
    const ok = user
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyAgainstDummy(input.password);
    if (user && ok) return { user, viaDirectory: false };
  } else await verifyAgainstDummy(input.password);

  const reason = verdict.kind === 'refused' ? verdict.reason : user ? 'wrong-password' : 'unknown-account';
  // A refusal after a right password (not linked, not allowed) and a directory away prove
  // nothing about the password: they are audited, not counted towards a lock.
  const counts = reason === 'wrong-password' || reason === 'unknown-account';
  const lock = counts ? await deps.limiter.recordFailure(attempt) : null;
  const userId = verdict.kind === 'refused' ? verdict.userId : (user?.userId ?? null);
  const providerId = verdict.kind === 'refused' ? verdict.providerId : undefined;
  const refusal = verdict.kind === 'refused' ? verdict.error : undefined;
  await auditFailedSignIn(deps.db, meta, {
    userId,
    reason,
    lock,
    details: {
      ...details,
      ...(providerId ? { providerId } : {}),
      ...(refusal ? { refused: refusal.reason.key } : {}),
    },
  });
  deps.meters.signIn(flow, 'failure', reason);
  throw refusal ?? new AppError(401, ERROR_CODES.UNAUTHENTICATED, MESSAGES.invalidCredentials);
}
