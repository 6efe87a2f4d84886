import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { timestamps } from './columns.ts';
import { users } from './identity.ts';

/**
 * An identity provider (modules/federation): an OIDC provider, a SAML IdP or an LDAP
 * directory. `settings` holds its type's settings without secrets, the attribute mapping and
 * the rules; `secretSealed` the OIDC client secret or the LDAP bind password, sealed with the
 * server key (lib/server-key.ts).
 */
export const identityProviders = pgTable(
  'identity_providers',
  {
    providerId: uuid('provider_id').primaryKey().defaultRandom(),
    type: text('type', { enum: ['oidc', 'saml', 'ldap'] }).notNull(),
    name: text('name').notNull(),
    description: text('description'),
    enabled: boolean('enabled').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    settings: jsonb('settings').notNull(),
    secretSealed: text('secret_sealed'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('identity_providers_created_idx').on(t.createdAt.desc(), t.providerId.desc()),
    // At most one default provider: the one /saml2/authenticate/consumer uses.
    uniqueIndex('identity_providers_default_key').on(t.isDefault).where(sql`${t.isDefault}`),
  ],
);

/** A user's identity at a provider: the provider's subject for them (OIDC `sub`, SAML NameID, LDAP DN). */
export const userIdentities = pgTable(
  'user_identities',
  {
    identityId: uuid('identity_id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => identityProviders.providerId, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    email: text('email'),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_identities_subject_key').on(t.providerId, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
);

/**
 * The roles and group memberships a provider's rules gave a user: the next sign-in takes back
 * those whose value is gone, and never one an administrator gave.
 */
export const federatedAssignments = pgTable(
  'federated_assignments',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => identityProviders.providerId, { onDelete: 'cascade' }),
    target: text('target', { enum: ['role', 'group'] }).notNull(),
    targetId: uuid('target_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.providerId, t.target, t.targetId] })],
);

/**
 * A sign-in through a provider under way, from its start in a browser to the console session
 * or the /oauth interaction it ends in. `browserHash` is the hash of the secret in the starting
 * browser's cookie: the upstream's answer and the handoff count only in that browser. After the
 * upstream answered, `userId` and `handoffHash` are set, and the SPA redeems the handoff once.
 */
export const federationFlows = pgTable(
  'federation_flows',
  {
    flowId: text('flow_id').primaryKey(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => identityProviders.providerId, { onDelete: 'cascade' }),
    browserHash: text('browser_hash').notNull(),
    /** Where it goes on to: `{ redirect }`, `{ interaction }`, or `{ linkUserId }`. */
    target: jsonb('target').notNull(),
    /** The type's own state: OIDC state, nonce and PKCE verifier; the SAML request id. */
    data: jsonb('data').notNull(),
    userId: uuid('user_id').references(() => users.userId, { onDelete: 'cascade' }),
    /** The upstream proved MFA, and the provider is trusted for it. */
    mfaSatisfied: boolean('mfa_satisfied').notNull().default(false),
    handoffHash: text('handoff_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('federation_flows_handoff_key').on(t.handoffHash),
    index('federation_flows_expires_idx').on(t.expiresAt),
  ],
);

/** SAML assertion ids already consumed, until they expire: a replayed assertion is refused. */
export const samlAssertionsSeen = pgTable(
  'saml_assertions_seen',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => identityProviders.providerId, { onDelete: 'cascade' }),
    assertionId: text('assertion_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.assertionId] }),
    index('saml_assertions_seen_expires_idx').on(t.expiresAt),
  ],
);

/** An application that limits its users to some providers; without a row, every enabled provider applies. */
export const applicationProviderLimits = pgTable('application_provider_limits', {
  applicationId: text('application_id')
    .primaryKey()
    .references(() => applications.applicationId, { onDelete: 'cascade' }),
  providerIds: uuid('provider_ids').array().notNull(),
});
