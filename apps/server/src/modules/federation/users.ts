import { randomBytes } from 'node:crypto';
import {
  type AttributeMapping,
  DEFAULT_ATTRIBUTES,
  ERROR_CODES,
  FEDERATION_MESSAGES,
  type Message,
  usernameSchema,
} from '@gatehouse/contract';
import type { Database, Executor } from '../../db/client.ts';
import { auditedChange } from '../../lib/audit.ts';
import type { RequestMeta } from '../../lib/auth-state.ts';
import { AppError } from '../../lib/errors.ts';
import { type AccountRow, isActive } from '../access/repository.ts';
import { hashPassword } from '../passwords/hashing.ts';
import { recordPasswordHistory } from '../passwords/repository.ts';
import { insert as insertUser, update as updateUser } from '../users/repository.ts';
import * as repo from './repository.ts';
import type { ProviderRecord, UpstreamIdentity } from './types.ts';

/** A refusal of a federated sign-in: a 401 naming why, in the words of FEDERATION_MESSAGES. */
export class FederationRefusal extends AppError {
  constructor(reason: Message) {
    super(401, ERROR_CODES.UNAUTHENTICATED, reason);
  }
}

/** The first value of a mapped field, trimmed; undefined when the upstream sent none. */
export function mappedValue(
  provider: Pick<ProviderRecord, 'type' | 'settings'>,
  upstream: UpstreamIdentity,
  field: keyof AttributeMapping,
): string | undefined {
  const name = provider.settings.attributes[field] ?? DEFAULT_ATTRIBUTES[provider.type][field];
  const value = upstream.attributes[name]?.find((v) => v.trim() !== '')?.trim();
  return value === undefined ? undefined : value.slice(0, 300);
}

/** Whether the upstream proved MFA and the provider is trusted for it. */
export function mfaSatisfied(provider: ProviderRecord, upstream: UpstreamIdentity): boolean {
  if (!provider.settings.trustMfa) return false;
  const accepted = new Set(provider.settings.mfaValues);
  return upstream.authnContext.some((v) => accepted.has(v));
}

/** A username for a new user: the mapped one where it is free and valid, else one made from it. */
async function freeUsername(db: Executor, wanted: string | undefined): Promise<string> {
  const base = (wanted ?? '')
    .replace(/[^A-Za-z0-9_.@-]/g, '')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 80);
  if (base && usernameSchema.safeParse(base).success && !(await repo.usernameTaken(db, base))) return base;
  for (;;) {
    const candidate = `${base || 'user'}-${randomBytes(3).toString('hex')}`;
    if (!(await repo.usernameTaken(db, candidate))) return candidate;
  }
}

export type ResolvedUser = { user: AccountRow; identityId: string };

/**
 * Finds the user an upstream identity signs in as, linking or creating one where the
 * provider allows, then applies the provider's mapping and rules. In order:
 * 1. an identity already linked to a user;
 * 2. `linkUserId`: the signed-in user who asked to link this identity;
 * 3. the provider is trusted for email, the upstream verified it, and exactly one user has it;
 * 4. just-in-time creation, where the provider allows it (a taken email refuses: linking
 *    that account is for its owner or an administrator).
 * Every link, creation and change is audited; a refusal is a `FederationRefusal`.
 */
export async function resolveFederatedUser(
  db: Database,
  provider: ProviderRecord,
  upstream: UpstreamIdentity,
  meta: RequestMeta,
  linkUserId?: string,
): Promise<ResolvedUser> {
  const email = mappedValue(provider, upstream, 'email') ?? null;
  const linked = await repo.findIdentity(db, provider.providerId, upstream.subject);
  let userId: string;
  let identityId: string;
  if (linked) {
    if (linkUserId !== undefined && linked.userId !== linkUserId)
      throw new FederationRefusal(FEDERATION_MESSAGES.alreadyLinked);
    userId = linked.userId;
    identityId = linked.identityId;
  } else {
    const target =
      linkUserId ??
      (provider.settings.trustEmail && upstream.emailVerified && email
        ? await onlyUserWith(db, email)
        : undefined);
    if (target !== undefined) {
      // A service account (modules/machine-access) never signs in: not by a link either.
      if ((await repo.findAccount(db, target))?.serviceAccountOf)
        throw new FederationRefusal(FEDERATION_MESSAGES.notLinked);
      userId = target;
      identityId = await link(
        db,
        provider,
        upstream,
        target,
        email,
        meta,
        linkUserId ? 'self' : 'trusted-email',
      );
    } else {
      if (!provider.settings.jitProvisioning) throw new FederationRefusal(FEDERATION_MESSAGES.notLinked);
      if (email && (await repo.usersByEmail(db, email)).length > 0)
        throw new FederationRefusal(FEDERATION_MESSAGES.emailTaken);
      ({ userId, identityId } = await createUser(db, provider, upstream, email, meta));
    }
  }
  // A disabled account gets no changes from the upstream, only the refusal.
  const current = await repo.findAccount(db, userId);
  if (current?.serviceAccountOf) throw new FederationRefusal(FEDERATION_MESSAGES.notLinked);
  if (current && !isActive(current)) return { user: current, identityId };
  const user = await applyMapping(db, provider, upstream, userId, meta);
  await repo.stampIdentity(db, identityId, email);
  if (!user) throw new FederationRefusal(FEDERATION_MESSAGES.notLinked);
  return { user, identityId };
}

/** An email links only to the one account with it, and only where someone other than its user vouched for it. */
async function onlyUserWith(db: Executor, email: string): Promise<string | undefined> {
  return repo.onlyVerifiedUserWith(db, email);
}

/** Whether the upstream's email counts as verified here: it says so, and the provider is trusted for email. */
const vouchedEmail = (provider: ProviderRecord, upstream: UpstreamIdentity) =>
  provider.settings.trustEmail && upstream.emailVerified;

const actorOf = (meta: RequestMeta, userId: string, username: string | null) => ({
  ...meta,
  actorId: meta.actorId ?? userId,
  actorName: meta.actorName ?? username,
});

async function link(
  db: Database,
  provider: ProviderRecord,
  upstream: UpstreamIdentity,
  userId: string,
  email: string | null,
  meta: RequestMeta,
  how: 'self' | 'trusted-email' | 'administrator',
): Promise<string> {
  const user = await repo.findAccount(db, userId);
  if (!user) throw new FederationRefusal(FEDERATION_MESSAGES.notLinked);
  return auditedChange(
    db,
    actorOf(meta, userId, user.username),
    { entity: 'user-identity', action: 'link' },
    async (tx) => {
      const row = await repo.insertIdentity(tx, {
        providerId: provider.providerId,
        subject: upstream.subject,
        userId,
        email,
      });
      return {
        entityId: row.identityId,
        after: row.identityId,
        recordedAfter: {
          userId,
          username: user.username,
          providerId: provider.providerId,
          providerName: provider.name,
          subject: upstream.subject,
          how,
        },
      };
    },
  );
}

async function createUser(
  db: Database,
  provider: ProviderRecord,
  upstream: UpstreamIdentity,
  email: string | null,
  meta: RequestMeta,
): Promise<{ userId: string; identityId: string }> {
  // No password anyone knows: a random one, hashed like any other, so that a password sign-in
  // at this account takes the same time as at any other, and fails.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const name = mappedValue(provider, upstream, 'name');
  const phone = mappedValue(provider, upstream, 'phone') ?? null;
  return auditedChange(db, { ...meta }, { entity: 'user', action: 'create' }, async (tx) => {
    const username = await freeUsername(
      tx,
      mappedValue(provider, upstream, 'username') ?? email ?? undefined,
    );
    const row = await insertUser(tx, {
      username,
      name: name ?? username,
      email,
      phone,
      passwordHash,
      mustChangePassword: false,
      passwordSet: false,
      emailVerified: email !== null && vouchedEmail(provider, upstream),
    });
    await recordPasswordHistory(tx, row.userId, passwordHash, 1);
    const identity = await repo.insertIdentity(tx, {
      providerId: provider.providerId,
      subject: upstream.subject,
      userId: row.userId,
      email,
    });
    return {
      entityId: row.userId,
      after: { userId: row.userId, identityId: identity.identityId },
      recordedAfter: {
        userId: row.userId,
        username,
        name: row.name,
        email,
        provisionedBy: {
          providerId: provider.providerId,
          providerName: provider.name,
          subject: upstream.subject,
        },
      },
    };
  });
}

/**
 * Applies the provider's mapping at a sign-in: the mapped name, email, phone and organization
 * where the upstream sent them and they differ, and the rules' roles and groups. A role or
 * membership a rule gave is taken back when its value is gone; one the user held before the
 * rule never is. Only a real change is written, and audited as the provider's.
 */
export async function applyMapping(
  db: Database,
  provider: ProviderRecord,
  upstream: UpstreamIdentity,
  userId: string,
  meta: RequestMeta,
): Promise<AccountRow | undefined> {
  const user = await repo.findAccount(db, userId);
  if (!user) return undefined;
  const profile: {
    name?: string;
    email?: string;
    emailVerified?: boolean;
    phone?: string;
    organizationId?: string;
  } = {};
  const name = mappedValue(provider, upstream, 'name');
  if (name && name !== user.name) profile.name = name;
  const email = mappedValue(provider, upstream, 'email');
  if (email && email !== user.email && (await repo.usersByEmail(db, email)).every((id) => id === userId)) {
    profile.email = email;
    profile.emailVerified = vouchedEmail(provider, upstream);
  }
  const phone = mappedValue(provider, upstream, 'phone');
  if (phone && phone !== user.phone) profile.phone = phone;
  const organization = mappedValue(provider, upstream, 'organization');
  if (organization) {
    const organizationId = await repo.organizationNamed(db, organization);
    if (organizationId && organizationId !== user.organizationId) profile.organizationId = organizationId;
  }

  const wanted = provider.settings.rules
    .filter((rule) => upstream.attributes[rule.attribute]?.includes(rule.value))
    .map((rule) => ({ target: rule.target, targetId: rule.targetId }));
  const existing = await repo.existingTargets(db, wanted);
  const key = (a: repo.Assignment) => `${a.target}:${a.targetId}`;
  const wantedKeys = new Set(wanted.filter((a) => existing.has(a.targetId)).map(key));
  const managed = await repo.assignmentsOf(db, userId, provider.providerId);
  const heldKeys = new Set(wantedKeys.size > 0 ? (await repo.heldBy(db, userId)).map(key) : []);
  const grant = [...wantedKeys].filter((k) => !heldKeys.has(k)).map((k) => wanted.find((a) => key(a) === k)!);
  const revoke = managed.filter((a) => !wantedKeys.has(key(a)));
  // A wanted role the user already holds stays as it is: managed if a rule gave it, else the administrator's.

  if (Object.keys(profile).length === 0 && grant.length === 0 && revoke.length === 0) return user;
  await auditedChange(
    db,
    actorOf(meta, userId, user.username),
    { entity: 'user', action: 'federation.mapping' },
    async (tx) => {
      if (Object.keys(profile).length > 0) await updateUser(tx, userId, profile);
      for (const a of grant) await repo.grantByRule(tx, userId, provider.providerId, a);
      for (const a of revoke) await repo.revokeByRule(tx, userId, provider.providerId, a);
      return {
        entityId: userId,
        before: {
          ...Object.fromEntries(Object.keys(profile).map((k) => [k, user[k as keyof typeof user] ?? null])),
        },
        after: undefined,
        recordedAfter: {
          ...profile,
          providerId: provider.providerId,
          providerName: provider.name,
          granted: grant,
          revoked: revoke,
        },
      };
    },
  );
  return repo.findAccount(db, userId);
}

/** An administrator links a user to an upstream subject. */
export async function linkByAdministrator(
  db: Database,
  provider: ProviderRecord,
  userId: string,
  subject: string,
  meta: RequestMeta,
): Promise<string> {
  if (await repo.findIdentity(db, provider.providerId, subject))
    throw new AppError(409, ERROR_CODES.CONFLICT, FEDERATION_MESSAGES.alreadyLinked);
  return link(
    db,
    provider,
    { subject, attributes: {}, emailVerified: false, authnContext: [] },
    userId,
    null,
    meta,
    'administrator',
  );
}
