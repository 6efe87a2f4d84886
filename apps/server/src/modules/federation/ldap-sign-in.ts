import { FEDERATION_MESSAGES } from '@gatehouse/contract';
import type { Database } from '../../db/client.ts';
import type { RequestMeta } from '../../lib/auth-state.ts';
import { AppError } from '../../lib/errors.ts';
import type { AccountRow } from '../access/repository.ts';
import type { DirectoryAttempt, DirectoryVerdict, PasswordDirectory } from '../auth/password-directory.ts';
import { type LdapConnect, LdapDirectory, LdapUnavailable, normalizeDn, type PasswordCheck } from './ldap.ts';
import * as ldapRepo from './ldap-repository.ts';
import { toProviderRecord } from './providers.ts';
import type { ProviderRecord, UpstreamIdentity } from './types.ts';

/** What the LDAP password path needs of federation's core (`FederatedSignIn`). */
export type FederationCore = {
  /** The user an upstream identity signs in as (linked, or created just in time), mapping applied; a 401 AppError when refused. */
  resolveUser(provider: ProviderRecord, upstream: UpstreamIdentity, meta: RequestMeta): Promise<AccountRow>;
  /** Whether an application lets its users sign in through the provider. */
  providerAllowed(providerId: string, applicationId: string): Promise<boolean>;
};

export type LdapSignInDeps = {
  db: Database;
  serverKey: Buffer;
  core: FederationCore;
  /** Where a directory that could not be asked is reported. */
  onUnavailable: (err: LdapUnavailable, providerId: string) => void;
  /** How connections are made (tests spy on it). */
  connect?: LdapConnect;
};

/**
 * The password of Gatehouse's own sign-in forms, checked by LDAP directories:
 * - a local user with an identity at an enabled directory: by that directory (the local hash
 *   is not used), and only if the entry the typed name finds there is the linked one;
 * - a name no local user has: each enabled directory the application allows, oldest first;
 *   the first that knows the name and accepts the password decides, and the user it resolves
 *   to (linked, or created just in time where the provider allows) signs in;
 * - a local user without such an identity: not at all (never a silent link).
 */
export class LdapPasswordDirectory implements PasswordDirectory {
  constructor(private readonly deps: LdapSignInDeps) {}

  async verify(attempt: DirectoryAttempt): Promise<DirectoryVerdict> {
    return attempt.user ? this.linked(attempt, attempt.user) : this.unknown(attempt);
  }

  private directory(provider: ProviderRecord): LdapDirectory {
    return new LdapDirectory(provider, this.deps.connect);
  }

  /** Asks one directory; a directory that cannot be asked is reported and counts as no answer. */
  private async check(
    provider: ProviderRecord,
    attempt: DirectoryAttempt,
  ): Promise<PasswordCheck | 'unavailable'> {
    try {
      return await this.directory(provider).checkPassword(attempt.username, attempt.password);
    } catch (err) {
      if (!(err instanceof LdapUnavailable)) throw err;
      this.deps.onUnavailable(err, provider.providerId);
      return 'unavailable';
    }
  }

  private async linked(attempt: DirectoryAttempt, user: { userId: string }): Promise<DirectoryVerdict> {
    const identities = await ldapRepo.ldapIdentitiesOf(this.deps.db, user.userId);
    if (identities.length === 0) return { kind: 'local' };
    let unavailable = false;
    const asked = new Set<string>();
    for (const { provider: row } of identities) {
      if (asked.has(row.providerId)) continue;
      asked.add(row.providerId);
      const provider = toProviderRecord(this.deps.serverKey, row);
      const check = await this.check(provider, attempt);
      if (check === 'unavailable') {
        unavailable = true;
        continue;
      }
      if (!check.ok) continue;
      // The entry the typed name found must be the one linked to this user: its lasting id,
      // or the DN an administrator linked it by.
      const dn = check.upstream.attributes.dn?.[0];
      const linkedSubjects = new Set(
        identities.filter((i) => i.provider.providerId === row.providerId).map((i) => i.subject),
      );
      const subject = [check.upstream.subject, dn ? normalizeDn(dn) : undefined].find(
        (s) => s !== undefined && linkedSubjects.has(s),
      );
      if (subject === undefined) continue;
      return this.signIn(provider, { ...check.upstream, subject }, attempt, user.userId);
    }
    return {
      kind: 'refused',
      userId: user.userId,
      reason: unavailable ? 'directory-unavailable' : 'wrong-password',
    };
  }

  private async unknown(attempt: DirectoryAttempt): Promise<DirectoryVerdict> {
    const rows = await ldapRepo.enabledLdapProviders(this.deps.db);
    if (rows.length === 0) return { kind: 'local' };
    let unavailable = false;
    let known = false;
    for (const row of rows) {
      if (!(await this.deps.core.providerAllowed(row.providerId, attempt.applicationId))) continue;
      const provider = toProviderRecord(this.deps.serverKey, row);
      const check = await this.check(provider, attempt);
      if (check === 'unavailable') {
        unavailable = true;
        continue;
      }
      if (!check.ok) {
        known ||= check.reason === 'wrong-password';
        continue;
      }
      // An identity an administrator linked by DN is found by it; else by the entry's lasting id.
      const dn = check.upstream.attributes.dn?.[0];
      const candidates = [check.upstream.subject, ...(dn ? [normalizeDn(dn)] : [])];
      const linked = await ldapRepo.linkedSubject(this.deps.db, provider.providerId, candidates);
      const upstream = { ...check.upstream, subject: linked?.subject ?? check.upstream.subject };
      return this.signIn(provider, upstream, attempt, undefined);
    }
    return {
      kind: 'refused',
      userId: null,
      reason: unavailable ? 'directory-unavailable' : known ? 'wrong-password' : 'unknown-account',
    };
  }

  /** A right password: the user the identity resolves to, if the application allows the directory. */
  private async signIn(
    provider: ProviderRecord,
    upstream: UpstreamIdentity,
    attempt: DirectoryAttempt,
    expectedUserId: string | undefined,
  ): Promise<DirectoryVerdict> {
    const providerId = provider.providerId;
    if (!(await this.deps.core.providerAllowed(providerId, attempt.applicationId)))
      return {
        kind: 'refused',
        userId: expectedUserId ?? null,
        reason: 'federation',
        providerId,
        error: new AppError(401, 'UNAUTHENTICATED', FEDERATION_MESSAGES.notAllowed),
      };
    let user: AccountRow;
    try {
      user = await this.deps.core.resolveUser(provider, upstream, attempt.meta);
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode !== 401) throw err;
      return {
        kind: 'refused',
        userId: expectedUserId ?? null,
        reason: 'federation',
        providerId,
        error: err,
      };
    }
    if (expectedUserId !== undefined && user.userId !== expectedUserId)
      return { kind: 'refused', userId: expectedUserId, reason: 'wrong-password', providerId };
    return { kind: 'accepted', user, providerId };
  }
}
