import { type Message, PASSWORD_MESSAGES, type PasswordPolicy, passwordPolicyOf } from '@gatehouse/contract';
import type { Database, Executor } from '../../db/client.ts';
import { type AuditContext, auditedChange } from '../../lib/audit.ts';
import { validationFailed } from '../../lib/errors.ts';
import { settingsIn } from '../settings/service.ts';
import { hashIsOutdated, hashParameters, hashPassword, verifyPassword } from './hashing.ts';
import { recentPasswordHashes, replacePasswordHash } from './repository.ts';

/**
 * The password policy (contract `passwordPolicySchema`; its rules are Console Settings),
 * applied by every path that sets a password. The common passwords are the list @zxcvbn-ts/language-common ships (MIT, about
 * 49,000 entries, lower case), installed with the server: nothing is fetched at run time. The
 * package (every list it ships) is loaded with the first password checked, not with the server.
 */

let common: Promise<ReadonlySet<string>> | undefined;
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'] as string[]),
  );
  return (await common).has(password.toLowerCase());
}

/** A username this short (a, jo) would refuse too many passwords that merely contain it. */
const MIN_USERNAME_TO_CONTAIN = 3;

/** The policy the console settings set now, read through `db` (the change's transaction, say). */
export async function passwordPolicyIn(db: Executor): Promise<PasswordPolicy> {
  return passwordPolicyOf(await settingsIn(db));
}

/** The rules that need no history; the first one broken, or null. */
async function passwordRuleBroken(
  policy: PasswordPolicy,
  password: string,
  username: string,
): Promise<Message | null> {
  if (password.length < policy.minLength) return PASSWORD_MESSAGES.tooShort(policy.minLength);
  if (password.length > policy.maxLength) return PASSWORD_MESSAGES.tooLong;
  const lower = password.toLowerCase();
  const name = username.toLowerCase();
  if (lower === name) return PASSWORD_MESSAGES.isUsername;
  if (name.length >= MIN_USERNAME_TO_CONTAIN && lower.includes(name))
    return PASSWORD_MESSAGES.containsUsername;
  if (policy.commonCheck && (await isCommonPassword(password))) return PASSWORD_MESSAGES.common;
  return null;
}

export type PasswordOwner = {
  username: string;
  /** An existing account: its last passwords may not come back. */
  userId?: string;
  /** The account's current hash, which counts among the last passwords even without history. */
  currentHash?: string;
};

/**
 * Throws 400 with `fields[field]` when `password` breaks the policy the settings set now:
 * length, the username, the common list (when on), or one of the account's last
 * `historyCount` passwords (argon2 verify against the current hash and the history).
 * Answers the policy it applied, whose `historyCount` bounds the history kept.
 */
export async function assertPasswordPolicy(
  db: Executor,
  password: string,
  owner: PasswordOwner,
  field = 'newPassword',
): Promise<PasswordPolicy> {
  const policy = await passwordPolicyIn(db);
  const broken = await passwordRuleBroken(policy, password, owner.username);
  if (broken) throw validationFailed({ [field]: broken });
  if (owner.userId === undefined || policy.historyCount === 0) return policy;
  const hashes = await recentPasswordHashes(db, owner.userId, policy.historyCount);
  if (owner.currentHash !== undefined && !hashes.includes(owner.currentHash)) {
    hashes.unshift(owner.currentHash);
    hashes.length = Math.min(hashes.length, policy.historyCount);
  }
  const matches = await Promise.all(hashes.map((hash) => verifyPassword(hash, password)));
  if (matches.some(Boolean))
    throw validationFailed({ [field]: PASSWORD_MESSAGES.reused(policy.historyCount) });
  return policy;
}

/** Thrown inside the transaction to roll it back when the password changed meanwhile. */
const superseded = new Error('the password changed meanwhile');

/**
 * After a sign-in has proved `password`: a stored hash made at other parameters than new
 * hashes are (an earlier version's) is replaced by one made now, audited as `password.rehash`
 * with the parameters before and after. Every account's hash then costs the same to check as
 * an unknown account's (hashing.ts, `verifyAgainstDummy`).
 */
export async function upgradeOutdatedHash(
  db: Database,
  ctx: AuditContext,
  user: { userId: string; passwordHash: string },
  password: string,
): Promise<void> {
  if (!hashIsOutdated(user.passwordHash)) return;
  const passwordHash = await hashPassword(password);
  try {
    await auditedChange(db, ctx, { entity: 'user', action: 'password.rehash' }, async (tx) => {
      if (!(await replacePasswordHash(tx, user.userId, user.passwordHash, passwordHash))) throw superseded;
      return {
        entityId: user.userId,
        before: { parameters: hashParameters(user.passwordHash) ?? null },
        after: { parameters: hashParameters(passwordHash) },
      };
    });
  } catch (error) {
    if (error !== superseded) throw error;
  }
}
